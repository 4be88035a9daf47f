package dev.whittle.engine.passes.text;

import dev.whittle.api.ContentTester;
import dev.whittle.api.Pass;
import dev.whittle.engine.passes.ByteArrays;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;

/**
 * Makes a large text input uniform: overwrites runs of bytes with one filler byte, line breaks
 * excepted, the whole input first and, where that is not interesting, halves, quarters and so on
 * down to {@code length / 128} bytes, splitting only the runs that failed. A failure bound by the
 * input's length rather than its content (a buffer boundary, a size limit) leaves a near-minimal
 * input of thousands of distinct bytes, each of whose deletions is a new candidate; once the
 * content is uniform, deleting {@code k} bytes anywhere in a run of the filler gives one and the
 * same candidate, which the loop's cache answers, so certifying the result costs a question per run
 * instead of one per byte.
 *
 * <p>The fillers tried on the whole input are a letter, a digit and a space (formats read some of
 * them as something else: a trimmed blank, a number); the runs are then filled with the one the
 * input holds most of. Only text of at least {@link Fillers#MIN_SIZE} bytes: on a small input the
 * per-byte certification is cheap, and a filled input is less readable. No candidate brings back a
 * byte other than the filler, and no other pass turns the filler into another byte of text, so the
 * passes cannot cycle through it.
 */
final class FillRunPass implements Pass<byte[]> {
  /** The smallest input filled. */
  @Override
  public String name() {
    return "fill-runs";
  }

  /** Questions allowed for one call on an input of {@code size} bytes. */
  static long questionLimit(int size) {
    return 64L + Math.min(size, 1024);
  }

  @Override
  public boolean appliesTo(byte[] content) {
    return content.length >= Fillers.MIN_SIZE && !ByteArrays.looksBinary(content);
  }

  @Override
  public byte[] reduce(byte[] current, ContentTester<byte[]> tester) {
    if (!appliesTo(current)) {
      return current;
    }
    for (byte candidateFiller : Fillers.FILLERS) {
      if (!fillable(current, 0, current.length, candidateFiller)) {
        return current; // uniform already: another filler would only trade one for the other
      }
    }
    long questionsLeft = questionLimit(current.length);
    for (byte candidateFiller : Fillers.FILLERS) {
      questionsLeft--;
      byte[] candidate = filled(current, 0, current.length, candidateFiller);
      if (tester.isInteresting(candidate)) {
        return candidate;
      }
    }
    byte filler = Fillers.dominant(current);
    byte[] best = current;
    int minRun = Math.max(1, current.length / 128);
    Deque<int[]> failed = new ArrayDeque<>();
    failed.add(new int[] {0, current.length});
    while (!failed.isEmpty() && questionsLeft > 0) {
      int[] range = failed.poll();
      int length = range[1] - range[0];
      if (length <= minRun) {
        continue;
      }
      int middle = range[0] + length / 2;
      for (int[] half : new int[][] {{range[0], middle}, {middle, range[1]}}) {
        if (!fillable(best, half[0], half[1], filler) || questionsLeft <= 0) {
          continue;
        }
        questionsLeft--;
        byte[] candidate = filled(best, half[0], half[1], filler);
        if (tester.isInteresting(candidate)) {
          best = candidate;
        } else {
          failed.add(half);
        }
      }
    }
    return best;
  }

  /** Whether a byte in {@code [from, to)} is neither the filler nor a line break. */
  private static boolean fillable(byte[] data, int from, int to, byte filler) {
    for (int i = from; i < to; i++) {
      if (data[i] != filler && !isLineBreak(data[i])) {
        return true;
      }
    }
    return false;
  }

  private static byte[] filled(byte[] data, int from, int to, byte filler) {
    byte[] out = Arrays.copyOf(data, data.length);
    for (int i = from; i < to; i++) {
      if (!isLineBreak(out[i])) {
        out[i] = filler;
      }
    }
    return out;
  }

  private static boolean isLineBreak(byte b) {
    return b == '\n' || b == '\r';
  }
}
