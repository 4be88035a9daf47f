package dev.whittle.engine.passes.fields;

import dev.whittle.api.ContentTester;
import dev.whittle.api.Pass;
import dev.whittle.engine.passes.ByteArrays;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Shrinks length-prefixed structures (chunks, TLV records, length-prefixed strings), which deletion
 * alone cannot: removing any byte of a chunk but the whole chunk breaks its length field. At each
 * position it supposes a length field ({@link LengthField}: 32, 16 or 8 bits, either byte order),
 * followed after a gap of 0, 1, 2 or 4 bytes (a type tag) by the bytes it counts, and proposes, in
 * order:
 *
 * <ol>
 *   <li>deleting the whole chunk, starting at the field or 1, 2 or 4 bytes before it (a tag before
 *       the length);
 *   <li>emptying it: deleting the counted bytes and writing 0 into the field;
 *   <li>trimming it from the back, then from the front: one byte first, then as many as a galloping
 *       search finds, with the field lowered by as many.
 * </ol>
 *
 * <p>A wrong guess costs a question or a few and changes nothing. The sweep goes over the input
 * once per field shape, widest first: wide fields are rare in random bytes but name the big chunks,
 * and after they are gone the narrow shapes sweep a small input. It stops after {@link
 * #questionLimit} questions per call (cache answers included), so a large input cannot make it run
 * away.
 */
final class LengthFieldPass implements Pass<byte[]> {
  private static final int[] GAPS = {0, 4, 1, 2};
  private static final int[] TAGS = {0, 4, 1, 2};

  /** Whether a zero length is a guess too (a chunk without content, deleted with its header). */
  private final boolean zeroLengths;

  LengthFieldPass(boolean zeroLengths) {
    this.zeroLengths = zeroLengths;
  }

  LengthFieldPass() {
    this(true);
  }

  @Override
  public String name() {
    return "length-fields";
  }

  /** Questions allowed for one call on an input of {@code size} bytes. */
  static long questionLimit(int size) {
    return 10_000L + 64L * size;
  }

  @Override
  public byte[] reduce(byte[] current, ContentTester<byte[]> tester) {
    FieldSweep sweep = new FieldSweep(current, tester, questionLimit(current.length));
    AskedDeletions asked = new AskedDeletions();
    while (longestChunkGoes(sweep, asked)) {
      // again, on the input without it
    }
    return sweep.over(LengthField.values(), (field, at) -> shrinkAt(sweep, asked, field, at));
  }

  /** The gaps the longest chunks are supposed with: none, or a 4-byte type after the length. */
  private static final int[] WIDE_GAPS = {0, 4};

  /** How many of the longest 32-bit chunks are asked about before the sweep. */
  static final int LONGEST_CHUNKS = 8;

  /**
   * Asks, before the sweep, about deleting the {@value #LONGEST_CHUNKS} longest chunks that a
   * 32-bit field (either byte order) may head, each with its field (and a 4-byte type after it, if
   * one is supposed), the longest first; true after the first that goes. In a stream of chunks (a
   * framed compressed stream, a container's boxes) a whole chunk is the most a question can take,
   * and the sweep reaches a chunk only after a few questions at each position before it: a pass cut
   * off after so many questions without a gain never gets there on a large header. Wide fields that
   * fit the input are rare in other bytes.
   */
  private static boolean longestChunkGoes(FieldSweep sweep, AskedDeletions asked) {
    byte[] best = sweep.best();
    List<long[]> chunks = new ArrayList<>();
    for (LengthField field : LengthField.wideShapes(true)) {
      if (field.width != 4) {
        continue;
      }
      for (int at = 0; at + field.width <= best.length; at++) {
        long length = field.read(best, at);
        for (int gap : WIDE_GAPS) {
          if (length > field.width && at + field.width + gap + length <= best.length) {
            chunks.add(new long[] {at, at + field.width + gap + length});
          }
        }
      }
    }
    chunks.sort((a, b) -> Long.compare(b[1] - b[0], a[1] - a[0]));
    for (long[] chunk : chunks.subList(0, Math.min(LONGEST_CHUNKS, chunks.size()))) {
      if (askDeletion(sweep, asked, (int) chunk[0], (int) chunk[1])) {
        return true;
      }
    }
    return false;
  }

  /** Tries every chunk a field at {@code at} may head; true after the first improvement. */
  private boolean shrinkAt(FieldSweep sweep, AskedDeletions asked, LengthField field, int at) {
    byte[] best = sweep.best();
    long length = field.read(best, at);
    if (length < 0 || (length == 0 && !zeroLengths)) {
      return false;
    }
    for (int gap : GAPS) {
      long end = at + field.width + gap + length;
      if (end > best.length) {
        continue;
      }
      int start = at + field.width + gap;
      if (firstInteresting(sweep, asked, field, at, start, (int) end)
          || (length > 1
              && (trim(sweep, field, at, start, (int) length, true)
                  || trim(sweep, field, at, start, (int) length, false)))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Keeps the first interesting removal: the whole chunk, from the field or a tag before it, then
   * only its content. One question at a time, or batches as large as the tester's parallelism, of
   * which only the first interesting answer counts.
   */
  private static boolean firstInteresting(
      FieldSweep sweep, AskedDeletions asked, LengthField field, int at, int start, int end) {
    if (sweep.questions().parallelism() == 1) {
      for (int tag : TAGS) {
        if (at - tag >= 0 && askDeletion(sweep, asked, at - tag, end)) {
          return true;
        }
      }
      return end > start && sweep.ask(delete(sweep.best(), start, end, field, at, 0));
    }
    List<byte[]> candidates = new ArrayList<>(TAGS.length + 1);
    for (int tag : TAGS) {
      if (at - tag >= 0) {
        candidates.add(delete(sweep.best(), at - tag, end, null, 0, 0));
      }
    }
    if (end > start) {
      candidates.add(delete(sweep.best(), start, end, field, at, 0));
    }
    return sweep.askFirstOf(candidates);
  }

  /**
   * Removes the most bytes from the back (or front) of the content that a galloping search finds,
   * with the field lowered by as many; emptying the content was asked already.
   */
  private static boolean trim(
      FieldSweep sweep, LengthField field, int at, int start, int length, boolean back) {
    return sweep.gallop(
        length,
        (original, k) -> {
          int from = back ? start + length - k : start;
          return delete(original, from, from + k, field, at, length - k);
        });
  }

  /**
   * Asks about the best input without {@code [from, to)}, unless this sweep asked about the same
   * content on the same best input already (then the answer was no, or best would have changed):
   * every field shape, gap and tag proposes such plain deletions, most of them again, and making
   * and hashing each copy only for the cache to answer costs more than a run of a small input. A
   * repeat still counts as a question, so the sweep goes exactly as without this.
   */
  private static boolean askDeletion(FieldSweep sweep, AskedDeletions asked, int from, int to) {
    if (!sweep.questions().hasLeft()) {
      return false;
    }
    if (asked.isRepeat(sweep.best(), from, to)) {
      sweep.questions().spendOnRepeat();
      return false;
    }
    return sweep.ask(delete(sweep.best(), from, to, null, 0, 0));
  }

  /**
   * {@code data} without {@code [from, to)} and, when {@code field} is not null, with {@code value}
   * written into the field at {@code at} (which lies before {@code from}).
   */
  static byte[] delete(byte[] data, int from, int to, LengthField field, int at, long value) {
    byte[] out = ByteArrays.without(data, from, to);
    if (field != null) {
      field.write(out, at, value);
    }
    return out;
  }

  @Override
  public String toString() {
    return name() + Arrays.toString(GAPS);
  }
}
