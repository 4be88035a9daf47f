package dev.whittle.engine.passes.archives;

import dev.whittle.api.ContentTester;
import dev.whittle.api.Pass;
import dev.whittle.engine.passes.ByteArrays;
import dev.whittle.engine.passes.QuestionBudget;

/**
 * Empties the entries of ZIP archives read as a stream of local entries (as {@code
 * java.util.zip.ZipInputStream} reads them), which deletion cannot: a local header states the
 * method, CRC-32 and sizes of its data, or a data descriptor after the data does (flag bit 3), and
 * a streaming reader checks them, so no byte of a deflated entry's data can go alone. Deleting the
 * whole entry often changes what a target sees (how many entries it reads); emptying it keeps the
 * entry, its name and extra field.
 *
 * <p>At every local header signature ({@code PK\3\4}) whose name and extra field fit in the input,
 * it proposes, in order: the entry stored and empty (method 0, CRC and both sizes 0, flag bit 3
 * cleared, its data and data descriptor deleted); then, for a deflated entry, an empty deflate
 * stream ({@code 03 00}) with its sizes and CRC rewritten where they stand (header or descriptor).
 * The data's end is the header's compressed size, or with a descriptor the next {@code PK\7\8}.
 * Inputs without a local header cost no question. It stops after {@link #questionLimit} questions.
 * The central directory stays as it is: streaming readers stop at it.
 */
final class ZipEntryPass implements Pass<byte[]> {
  private static final int HEADER = 30;
  private static final int DESCRIPTOR = 16;
  private static final int DESCRIPTOR_FLAG = 8;
  private static final byte[] EMPTY_DEFLATE = {3, 0};

  @Override
  public String name() {
    return "zip-entries";
  }

  /** Questions allowed for one call on an input of {@code size} bytes. */
  static long questionLimit(int size) {
    return 16L + size / 16;
  }

  @Override
  public boolean appliesTo(byte[] content) {
    return find(content, 0, 3, 4) >= 0;
  }

  @Override
  public byte[] reduce(byte[] current, ContentTester<byte[]> tester) {
    byte[] best = current;
    QuestionBudget questions = new QuestionBudget(tester, questionLimit(current.length));
    int at = 0;
    while (questions.hasLeft() && (at = find(best, at, 3, 4)) >= 0) {
      if (at + HEADER > best.length) {
        break;
      }
      int flag = u16(best, at + 6);
      int method = u16(best, at + 8);
      long compressed = u32(best, at + 18);
      int dataStart = at + HEADER + u16(best, at + 26) + u16(best, at + 28);
      int dataEnd;
      int end; // after the data and its descriptor
      if (dataStart > best.length) {
        at++;
        continue;
      }
      if ((flag & DESCRIPTOR_FLAG) != 0) {
        int descriptor = find(best, dataStart, 7, 8);
        if (descriptor < 0 || descriptor + DESCRIPTOR > best.length) {
          at++;
          continue;
        }
        dataEnd = descriptor;
        end = descriptor + DESCRIPTOR;
      } else {
        if (dataStart + compressed > best.length) {
          at++;
          continue;
        }
        dataEnd = (int) (dataStart + compressed);
        end = dataEnd;
      }
      byte[] stored = stored(best, at, dataStart, end);
      boolean done = false;
      if (stored.length < best.length) {
        if (questions.isInteresting(stored)) {
          best = stored;
          done = true;
        }
      }
      if (!done
          && method == 8
          && dataEnd - dataStart > EMPTY_DEFLATE.length
          && questions.hasLeft()) {
        byte[] deflated = emptyDeflated(best, at, flag, dataStart, dataEnd, end);
        if (questions.isInteresting(deflated)) {
          best = deflated;
        }
      }
      at++;
    }
    return best;
  }

  /**
   * The entry at {@code at} stored and empty: header fields rewritten, data and descriptor gone.
   */
  static byte[] stored(byte[] data, int at, int dataStart, int end) {
    byte[] out = ByteArrays.without(data, dataStart, end);
    putU16(out, at + 6, u16(data, at + 6) & ~DESCRIPTOR_FLAG);
    putU16(out, at + 8, 0);
    putU32(out, at + 14, 0);
    putU32(out, at + 18, 0);
    putU32(out, at + 22, 0);
    return out;
  }

  /** The entry at {@code at} as an empty deflate stream, its CRC and sizes where they stand. */
  static byte[] emptyDeflated(byte[] data, int at, int flag, int dataStart, int dataEnd, int end) {
    byte[] out = new byte[data.length - (dataEnd - dataStart) + EMPTY_DEFLATE.length];
    System.arraycopy(data, 0, out, 0, dataStart);
    System.arraycopy(EMPTY_DEFLATE, 0, out, dataStart, EMPTY_DEFLATE.length);
    System.arraycopy(data, dataEnd, out, dataStart + EMPTY_DEFLATE.length, data.length - dataEnd);
    int fields = (flag & DESCRIPTOR_FLAG) != 0 ? dataStart + EMPTY_DEFLATE.length + 4 : at + 14;
    putU32(out, fields, 0);
    putU32(out, fields + 4, EMPTY_DEFLATE.length);
    putU32(out, fields + 8, 0);
    return out;
  }

  /** The first {@code PK c d} signature at or after {@code from}; -1 if there is none. */
  private static int find(byte[] data, int from, int c, int d) {
    for (int i = Math.max(0, from); i + 4 <= data.length; i++) {
      if (data[i] == 'P' && data[i + 1] == 'K' && data[i + 2] == c && data[i + 3] == d) {
        return i;
      }
    }
    return -1;
  }

  private static int u16(byte[] data, int at) {
    return (data[at] & 0xFF) | (data[at + 1] & 0xFF) << 8;
  }

  private static long u32(byte[] data, int at) {
    return u16(data, at) | (long) u16(data, at + 2) << 16;
  }

  private static void putU16(byte[] data, int at, int value) {
    data[at] = (byte) value;
    data[at + 1] = (byte) (value >>> 8);
  }

  private static void putU32(byte[] data, int at, long value) {
    putU16(data, at, (int) (value & 0xFFFF));
    putU16(data, at + 2, (int) (value >>> 16 & 0xFFFF));
  }
}
