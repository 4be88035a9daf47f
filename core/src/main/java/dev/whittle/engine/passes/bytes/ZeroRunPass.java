package dev.whittle.engine.passes.bytes;

import dev.whittle.api.ContentTester;
import dev.whittle.api.Pass;
import dev.whittle.engine.passes.ByteArrays;
import java.util.Arrays;

/**
 * Normalises binary inputs as afl-tmin does: overwrites runs of bytes with 0x00, the whole input
 * first, then halves, quarters and so on down to single bytes (or {@code length / 256} bytes on
 * large inputs), at aligned positions and shifted by half a run. The size stays, but every field
 * that does not matter reads 0 afterwards: the result is readable, and a zeroed length or offset
 * often lets a later deletion through.
 *
 * <p>It only lowers bytes, so each accepted candidate is {@linkplain ByteArrays#isSimpler simpler}
 * and no sequence of passes can cycle through it. Runs that are already zero cost no question, a
 * run that failed is split in two. Inputs that do not {@linkplain ByteArrays#looksBinary look
 * binary} are left alone without a question: on text the digits pass ({@link TextNumberPass}) is
 * the normaliser, and zero bytes in text are rarely anything but noise the algorithm deletes
 * anyway.
 */
final class ZeroRunPass implements Pass<byte[]> {
  @Override
  public String name() {
    return "zero-runs";
  }

  /** Questions allowed for one call on an input of {@code size} bytes. */
  static long questionLimit(int size) {
    return 64L + 4L * Math.min(size, 512);
  }

  @Override
  public boolean appliesTo(byte[] content) {
    return ByteArrays.looksBinary(content);
  }

  @Override
  public byte[] reduce(byte[] current, ContentTester<byte[]> tester) {
    if (!ByteArrays.looksBinary(current)) {
      return current;
    }
    byte[] best = current;
    long questionsLeft = questionLimit(current.length);
    int minRun = Math.max(1, current.length / 256);
    for (int run = Integer.highestOneBit(Math.max(1, current.length)); run >= minRun; run /= 2) {
      // Aligned runs, then runs shifted by half a run: fields that only go to 0 together (a
      // ZIP entry's flags and method) often straddle an aligned boundary.
      for (int shift = 0; shift <= (run >= 2 ? run / 2 : 0); shift += Math.max(1, run / 2)) {
        for (int at = shift; at < best.length && questionsLeft > 0; at += run) {
          int end = Math.min(best.length, at + run);
          if (isZero(best, at, end)) {
            continue;
          }
          byte[] candidate = best.clone();
          Arrays.fill(candidate, at, end, (byte) 0);
          questionsLeft--;
          if (tester.isInteresting(candidate)) {
            best = candidate;
          }
        }
      }
    }
    return best;
  }

  private static boolean isZero(byte[] data, int from, int to) {
    for (int i = from; i < to; i++) {
      if (data[i] != 0) {
        return false;
      }
    }
    return true;
  }
}
