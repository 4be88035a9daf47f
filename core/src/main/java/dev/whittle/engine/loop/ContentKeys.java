package dev.whittle.engine.loop;

import dev.whittle.api.SequenceInput;
import dev.whittle.engine.sequence.Subsequence;
import java.util.function.Predicate;

/**
 * Computes {@link ContentKey}s in time linear in a candidate's number of ranges, not its number of
 * items: prefix hashes of the original make the hash of any range cheap, and hashes of consecutive
 * ranges combine as {@code h(ab) = h(a) * B^|b| + h(b)} modulo the Mersenne prime 2^61 - 1.
 *
 * <p>On a large input memory is a small fraction of a byte per item, so that an input of tens of
 * megabytes costs little more than its own bytes: the prefix hashes are kept only at every {@link
 * #STRIDE}-th item (the hash of a prefix in between rolls forward from the one before it, over at
 * most {@code STRIDE - 1} item hashes asked of the input again). A power of a base is the product
 * of two table entries. The keys are exactly those of full prefix tables.
 */
final class ContentKeys {
  private static final long MOD = (1L << 61) - 1;
  private static final long BASE_1 = 0x1F3D5B79A2C4E6F1L % MOD;
  private static final long BASE_2 = 0x2B7E151628AED2A7L % MOD;

  /** Items between two kept prefix hashes on a large input. */
  static final int STRIDE = 32;

  /**
   * Inputs of at most this many items keep every prefix hash (a megabyte of tables at most): a
   * candidate's key then costs nothing per item, however many ranges it has.
   */
  static final int FULL_TABLES = 1 << 16;

  private final SequenceInput<?> input;
  private final int stride;
  private final Polynomial first;
  private final Polynomial second;

  ContentKeys(SequenceInput<?> input) {
    this.input = input;
    int n = input.size();
    stride = n <= FULL_TABLES ? 1 : STRIDE;
    first = new Polynomial(BASE_1, n, stride);
    second = new Polynomial(BASE_2, n, stride);
    long h1 = 0;
    long h2 = 0;
    for (int i = 0; i < n; i++) {
      if (i % stride == 0) {
        first.checkpoints[i / stride] = h1;
        second.checkpoints[i / stride] = h2;
      }
      long value = reduce(input.itemHash(i));
      h1 = add(mul(h1, BASE_1), value);
      h2 = add(mul(h2, BASE_2), value);
    }
    if (n % stride == 0) {
      first.checkpoints[n / stride] = h1;
      second.checkpoints[n / stride] = h2;
    }
  }

  /** The key of a whole input, in one pass over its items and without prefix tables. */
  static ContentKey keyOfWhole(SequenceInput<?> input) {
    long h1 = 0;
    long h2 = 0;
    for (int i = 0; i < input.size(); i++) {
      long value = reduce(input.itemHash(i));
      h1 = add(mul(h1, BASE_1), value);
      h2 = add(mul(h2, BASE_2), value);
    }
    return new ContentKey(h1, h2, input.size());
  }

  ContentKey keyOf(Subsequence candidate) {
    long h1 = 0;
    long h2 = 0;
    long[] prefixes = new long[4];
    for (int k = 0; k < candidate.rangeCount(); k++) {
      int s = candidate.start(k);
      int e = candidate.end(k);
      prefixes(s, e, prefixes);
      h1 = first.append(h1, prefixes[0], prefixes[2], e - s);
      h2 = second.append(h2, prefixes[1], prefixes[3], e - s);
    }
    return new ContentKey(h1, h2, candidate.size());
  }

  /**
   * Whether {@code holds} accepts the key of every candidate made by deleting one item from {@code
   * candidate}, asked in position order; stops at the first it does not accept. Time linear in the
   * candidate's size, memory constant.
   */
  boolean everySingleDeletion(Subsequence candidate, Predicate<ContentKey> holds) {
    int n = candidate.size();
    ContentKey whole = keyOf(candidate);
    // h(all) = h(0..p) * B^(n-p) + h(p..n); deleting p: h(0..p) * B^(n-p-1) + h(p+1..n)
    long before1 = 0;
    long before2 = 0;
    int p = 0;
    for (int k = 0; k < candidate.rangeCount(); k++) {
      for (int i = candidate.start(k); i < candidate.end(k); i++, p++) {
        long value = reduce(input.itemHash(i));
        long through1 = add(mul(before1, BASE_1), value);
        long through2 = add(mul(before2, BASE_2), value);
        long power1 = first.power(n - p - 1);
        long power2 = second.power(n - p - 1);
        long after1 = sub(whole.first(), mul(through1, power1));
        long after2 = sub(whole.second(), mul(through2, power2));
        ContentKey deletion =
            new ContentKey(
                add(mul(before1, power1), after1), add(mul(before2, power2), after2), n - 1);
        if (!holds.test(deletion)) {
          return false;
        }
        before1 = through1;
        before2 = through2;
      }
    }
    return true;
  }

  /**
   * The prefix hashes of both bases at {@code s} and at {@code e} (at most the input's size), into
   * {@code out}: first base at s, second at s, first at e, second at e.
   */
  private void prefixes(int s, int e, long[] out) {
    prefixesAt(s, out, 0);
    prefixesAt(e, out, 2);
  }

  private void prefixesAt(int index, long[] out, int at) {
    int checkpoint = index / stride;
    long h1 = first.checkpoints[checkpoint];
    long h2 = second.checkpoints[checkpoint];
    for (int i = checkpoint * stride; i < index; i++) {
      long value = reduce(input.itemHash(i));
      h1 = add(mul(h1, BASE_1), value);
      h2 = add(mul(h2, BASE_2), value);
    }
    out[at] = h1;
    out[at + 1] = h2;
  }

  static long reduce(long value) {
    long r = (value & MOD) + (value >>> 61);
    return r >= MOD ? r - MOD : r;
  }

  static long mul(long a, long b) {
    long lo = a * b;
    long hi = Math.multiplyHigh(a, b);
    long r = ((hi << 3) | (lo >>> 61)) + (lo & MOD);
    return r >= MOD ? r - MOD : r;
  }

  static long add(long a, long b) {
    long r = a + b;
    return r >= MOD ? r - MOD : r;
  }

  static long sub(long a, long b) {
    long r = a - b;
    return r < 0 ? r + MOD : r;
  }

  /** Sparse prefix hashes and the powers of one base over the original input. */
  private static final class Polynomial {
    /** Bits of an exponent that index the table of small powers. */
    private static final int LOW_BITS = 11;

    private static final int LOW_MASK = (1 << LOW_BITS) - 1;

    /** {@code checkpoints[j]} is the hash of the first {@code j * stride} items. */
    final long[] checkpoints;

    /** {@code low[i]} is B^i, {@code high[j]} is B^(j * 2^LOW_BITS). */
    private final long[] low;

    private final long[] high;

    Polynomial(long base, int n, int stride) {
      checkpoints = new long[n / stride + 1];
      low = new long[1 << LOW_BITS];
      low[0] = 1;
      for (int i = 1; i < low.length; i++) {
        low[i] = mul(low[i - 1], base);
      }
      long step = mul(low[low.length - 1], base);
      high = new long[(n >>> LOW_BITS) + 1];
      high[0] = 1;
      for (int j = 1; j < high.length; j++) {
        high[j] = mul(high[j - 1], step);
      }
    }

    /** B^exponent, for an exponent up to the input's size. */
    long power(int exponent) {
      return mul(high[exponent >>> LOW_BITS], low[exponent & LOW_MASK]);
    }

    /**
     * The hash {@code h} of what comes before followed by the range whose prefix hashes are {@code
     * atStart} and {@code atEnd}, {@code length} items apart.
     */
    long append(long h, long atStart, long atEnd, int length) {
      long power = power(length);
      long range = sub(atEnd, mul(atStart, power));
      return add(mul(h, power), range);
    }
  }
}
