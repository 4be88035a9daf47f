package dev.whittle.engine.loop;

import dev.whittle.api.SequenceInput;
import dev.whittle.engine.sequence.Subsequence;

/**
 * Computes {@link ContentKey}s in time linear in a candidate's number of ranges, not its number of
 * items: prefix hashes of the original make the hash of any range O(1), and hashes of consecutive
 * ranges combine as {@code h(ab) = h(a) * B^|b| + h(b)} modulo the Mersenne prime 2^61 - 1.
 */
final class ContentKeys {
  private static final long MOD = (1L << 61) - 1;
  private static final long BASE_1 = 0x1F3D5B79A2C4E6F1L % MOD;
  private static final long BASE_2 = 0x2B7E151628AED2A7L % MOD;

  private final Polynomial first;
  private final Polynomial second;

  ContentKeys(SequenceInput<?> input) {
    int n = input.size();
    long[] values = new long[n];
    for (int i = 0; i < n; i++) {
      values[i] = reduce(input.itemHash(i));
    }
    first = new Polynomial(values, BASE_1);
    second = new Polynomial(values, BASE_2);
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
    return new ContentKey(first.hash(candidate), second.hash(candidate), candidate.size());
  }

  /**
   * The keys of every candidate made by deleting one item from {@code candidate}, in position
   * order, in time linear in its size.
   */
  ContentKey[] singleDeletionKeys(Subsequence candidate) {
    int[] indices = candidate.toIndices();
    long[] h1 = first.deletions(indices);
    long[] h2 = second.deletions(indices);
    ContentKey[] keys = new ContentKey[indices.length];
    for (int p = 0; p < indices.length; p++) {
      keys[p] = new ContentKey(h1[p], h2[p], indices.length - 1);
    }
    return keys;
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

  /** Prefix hashes and powers of one base over the original input. */
  private static final class Polynomial {
    private final long[] values;
    private final long[] prefix;
    private final long[] powers;
    private final long base;

    Polynomial(long[] values, long base) {
      this.values = values;
      this.base = base;
      int n = values.length;
      prefix = new long[n + 1];
      powers = new long[n + 1];
      powers[0] = 1;
      for (int i = 0; i < n; i++) {
        prefix[i + 1] = add(mul(prefix[i], base), values[i]);
        powers[i + 1] = mul(powers[i], base);
      }
    }

    long hash(Subsequence candidate) {
      long h = 0;
      for (int k = 0; k < candidate.rangeCount(); k++) {
        int s = candidate.start(k);
        int e = candidate.end(k);
        long range = sub(prefix[e], mul(prefix[s], powers[e - s]));
        h = add(mul(h, powers[e - s]), range);
      }
      return h;
    }

    long[] deletions(int[] indices) {
      int n = indices.length;
      long[] before = new long[n + 1];
      for (int p = 0; p < n; p++) {
        before[p + 1] = add(mul(before[p], base), values[indices[p]]);
      }
      long[] out = new long[n];
      for (int p = 0; p < n; p++) {
        // h(all) = h(0..p) * B^(n-p) + h(p..n); deleting p: h(0..p) * B^(n-p-1) + h(p+1..n)
        long after = sub(before[n], mul(before[p + 1], powers[n - p - 1]));
        out[p] = add(mul(before[p], powers[n - p - 1]), after);
      }
      return out;
    }
  }
}
