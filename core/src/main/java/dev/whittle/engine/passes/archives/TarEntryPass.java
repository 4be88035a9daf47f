package dev.whittle.engine.passes.archives;

import dev.whittle.api.ContentTester;
import dev.whittle.api.Pass;
import dev.whittle.engine.passes.QuestionBudget;
import java.nio.charset.StandardCharsets;

/**
 * Shrinks the data of TAR entries together with their headers' size fields, which neither deletion
 * nor the length-field pass can: a TAR header states its size in octal ASCII and is guarded by a
 * checksum over the whole 512-byte block, so any edit of it but a whole entry's deletion breaks the
 * archive. Deleting the whole entry often changes what a target sees (how many entries it reads);
 * emptying it keeps the entry and drops its data blocks.
 *
 * <p>At every 512-byte-aligned block whose checksum field matches its content (a ustar or old-style
 * header; anything else is skipped without a question), with a size above 0, it proposes keeping 0
 * data blocks, then half of them, then all but one: the size field rewritten in 11 octal digits (at
 * most the old size), the data cut to that many bytes' blocks, the checksum recomputed and written
 * as 6 octal digits, a NUL and a space, as POSIX writes it. It stops after {@link #questionLimit}
 * questions.
 */
final class TarEntryPass implements Pass<byte[]> {
  static final int BLOCK = 512;
  private static final int SIZE_AT = 124;
  private static final int SIZE_LENGTH = 12;
  private static final int CHECKSUM_AT = 148;
  private static final int CHECKSUM_LENGTH = 8;

  @Override
  public String name() {
    return "tar-entries";
  }

  /** Questions allowed for one call on an input of {@code size} bytes. */
  static long questionLimit(int size) {
    return 16L + 3L * (size / BLOCK);
  }

  @Override
  public boolean appliesTo(byte[] content) {
    for (int at = 0; at + BLOCK <= content.length; at += BLOCK) {
      if (isHeader(content, at)) {
        return true;
      }
    }
    return false;
  }

  @Override
  public byte[] reduce(byte[] current, ContentTester<byte[]> tester) {
    byte[] best = current;
    QuestionBudget questions = new QuestionBudget(tester, questionLimit(current.length));
    for (int at = 0; at + BLOCK <= best.length && questions.hasLeft(); at += BLOCK) {
      if (!isHeader(best, at)) {
        continue;
      }
      long size = octal(best, at + SIZE_AT, SIZE_LENGTH);
      if (size <= 0) {
        continue;
      }
      long blocks = Math.min(blocksOf(size), (best.length - at - BLOCK) / BLOCK + 1);
      long previous = -1;
      for (long keep : new long[] {0, blocks / 2, blocks - 1}) {
        if (!questions.hasLeft() || keep == previous || keep >= blocks) {
          continue;
        }
        previous = keep;
        byte[] candidate = withSize(best, at, size, Math.min(size, keep * BLOCK));
        if (candidate.length >= best.length) {
          continue;
        }
        if (questions.isInteresting(candidate)) {
          best = candidate;
          break;
        }
      }
      // The entry's data (what is left of it) follows; the next header is after it.
      long now = octal(best, at + SIZE_AT, SIZE_LENGTH);
      at += (int) Math.min(blocksOf(Math.max(0, now)) * BLOCK, best.length);
    }
    return best;
  }

  private static long blocksOf(long size) {
    return (size + BLOCK - 1) / BLOCK;
  }

  /**
   * {@code data} with the entry at {@code at} cut from {@code oldSize} to {@code newSize} bytes of
   * data (its first ones), its header rewritten and its checksum recomputed.
   */
  static byte[] withSize(byte[] data, int at, long oldSize, long newSize) {
    int dataStart = at + BLOCK;
    int oldEnd = (int) Math.min(data.length, dataStart + blocksOf(oldSize) * BLOCK);
    int newEnd = (int) Math.min(oldEnd, dataStart + blocksOf(newSize) * BLOCK);
    byte[] out = new byte[data.length - (oldEnd - newEnd)];
    System.arraycopy(data, 0, out, 0, newEnd);
    System.arraycopy(data, oldEnd, out, newEnd, data.length - oldEnd);
    byte[] digits =
        String.format("%011o", newSize).getBytes(StandardCharsets.US_ASCII); // 11 octal digits
    System.arraycopy(digits, 0, out, at + SIZE_AT, 11);
    out[at + SIZE_AT + 11] = 0;
    byte[] checksum = String.format("%06o", checksum(out, at)).getBytes(StandardCharsets.US_ASCII);
    System.arraycopy(checksum, 0, out, at + CHECKSUM_AT, 6);
    out[at + CHECKSUM_AT + 6] = 0;
    out[at + CHECKSUM_AT + 7] = ' ';
    return out;
  }

  /** Whether the block at {@code at} is a TAR header: not all zero, its checksum field matching. */
  static boolean isHeader(byte[] data, int at) {
    boolean zero = true;
    for (int i = at; i < at + BLOCK; i++) {
      if (data[i] != 0) {
        zero = false;
        break;
      }
    }
    if (zero) {
      return false;
    }
    long stored = octal(data, at + CHECKSUM_AT, CHECKSUM_LENGTH);
    return stored >= 0 && stored == checksum(data, at);
  }

  /** The header checksum: the unsigned sum of its bytes, the checksum field counted as spaces. */
  static long checksum(byte[] data, int at) {
    long sum = 0;
    for (int i = 0; i < BLOCK; i++) {
      sum += i >= CHECKSUM_AT && i < CHECKSUM_AT + CHECKSUM_LENGTH ? ' ' : data[at + i] & 0xFF;
    }
    return sum;
  }

  /**
   * An octal field: leading spaces, at least one digit, then its end, a NUL or a space; -1 if it is
   * not one.
   */
  static long octal(byte[] data, int from, int length) {
    int i = from;
    int end = from + length;
    while (i < end && data[i] == ' ') {
      i++;
    }
    long value = 0;
    int digits = 0;
    for (; i < end && data[i] >= '0' && data[i] <= '7' && digits < 21; i++) {
      value = value * 8 + (data[i] - '0');
      digits++;
    }
    if (digits == 0 || i < end && data[i] != 0 && data[i] != ' ') {
      return -1;
    }
    return value;
  }
}
