package dev.whittle.engine.passes;

import dev.whittle.api.ContentTester;
import dev.whittle.api.ValueReducer;
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
final class LengthFieldReducer implements ValueReducer<byte[]> {
  private static final int[] GAPS = {0, 4, 1, 2};
  private static final int[] TAGS = {0, 4, 1, 2};

  /** Whether a zero length is a guess too (a chunk without content, deleted with its header). */
  private final boolean zeroLengths;

  LengthFieldReducer(boolean zeroLengths) {
    this.zeroLengths = zeroLengths;
  }

  LengthFieldReducer() {
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
    Sweep sweep = new Sweep(current, tester, questionLimit(current.length), zeroLengths);
    for (LengthField field : LengthField.values()) {
      if (!sweep.over(field)) {
        break;
      }
    }
    return sweep.best;
  }

  /** One call's state: the best input so far and the questions left. */
  private static final class Sweep {
    byte[] best;
    private final ContentTester<byte[]> tester;
    private long questionsLeft;
    private final AskedDeletions asked = new AskedDeletions();

    private final boolean zeroLengths;

    Sweep(byte[] start, ContentTester<byte[]> tester, long questions, boolean zeroLengths) {
      this.best = start;
      this.tester = tester;
      this.questionsLeft = questions;
      this.zeroLengths = zeroLengths;
    }

    /** Sweeps the input for one field shape; false when the questions ran out. */
    boolean over(LengthField field) {
      int position = 0;
      while (position < best.length) {
        if (questionsLeft <= 0) {
          return false;
        }
        if (!shrinkAt(field, position)) {
          position++;
        }
      }
      return true;
    }

    /** Tries every chunk a field at {@code at} may head; true after the first improvement. */
    private boolean shrinkAt(LengthField field, int at) {
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
        if (firstInteresting(field, at, start, (int) end)
            || (length > 1
                && (trim(field, at, start, (int) length, true)
                    || trim(field, at, start, (int) length, false)))) {
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
    private boolean firstInteresting(LengthField field, int at, int start, int end) {
      int batch = tester.parallelism();
      if (batch == 1) {
        for (int tag : TAGS) {
          if (at - tag >= 0 && askDeletion(at - tag, end)) {
            return true;
          }
        }
        return end > start && ask(delete(best, start, end, field, at, 0));
      }
      List<byte[]> candidates = new ArrayList<>(TAGS.length + 1);
      for (int tag : TAGS) {
        if (at - tag >= 0) {
          candidates.add(delete(best, at - tag, end, null, 0, 0));
        }
      }
      if (end > start) {
        candidates.add(delete(best, start, end, field, at, 0));
      }
      for (int from = 0; from < candidates.size() && questionsLeft > 0; from += batch) {
        int to = (int) Math.min(Math.min(from + batch, candidates.size()), from + questionsLeft);
        List<byte[]> part = candidates.subList(from, to);
        questionsLeft -= part.size();
        boolean[] answers = tester.areInteresting(part);
        for (int i = 0; i < answers.length; i++) {
          if (answers[i]) {
            best = part.get(i);
            return true;
          }
        }
      }
      return false;
    }

    /**
     * Removes the most bytes from the back (or front) of the content that a galloping search finds:
     * 1, 2, 4, ... until a removal fails, then a binary search between the last two.
     */
    private boolean trim(LengthField field, int at, int start, int length, boolean back) {
      byte[] original = best;
      int good = 0;
      int bad = length; // emptying the content was asked already
      for (int k = 1; k < bad; k *= 2) {
        if (ask(trimmed(original, field, at, start, length, k, back))) {
          good = k;
        } else {
          bad = k;
          break;
        }
      }
      while (good > 0 && bad - good > 1) {
        int middle = (good + bad) >>> 1;
        if (ask(trimmed(original, field, at, start, length, middle, back))) {
          good = middle;
        } else {
          bad = middle;
        }
      }
      return good > 0;
    }

    private static byte[] trimmed(
        byte[] data, LengthField field, int at, int start, int length, int k, boolean back) {
      int from = back ? start + length - k : start;
      return delete(data, from, from + k, field, at, length - k);
    }

    /**
     * Asks about {@code best} without {@code [from, to)}, unless this sweep asked about the same
     * content on the same best input already (then the answer was no, or best would have changed):
     * every field shape, gap and tag proposes such plain deletions, most of them again, and making
     * and hashing each copy only for the cache to answer costs more than a run of a small input. A
     * repeat still counts as a question, so the sweep goes exactly as without this.
     */
    private boolean askDeletion(int from, int to) {
      if (questionsLeft <= 0) {
        return false;
      }
      if (asked.isRepeat(best, from, to)) {
        questionsLeft--;
        return false;
      }
      return ask(delete(best, from, to, null, 0, 0));
    }

    /** Asks about {@code candidate} and keeps it when interesting. */
    private boolean ask(byte[] candidate) {
      if (questionsLeft <= 0) {
        return false;
      }
      questionsLeft--;
      if (tester.isInteresting(candidate)) {
        best = candidate;
        return true;
      }
      return false;
    }
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
