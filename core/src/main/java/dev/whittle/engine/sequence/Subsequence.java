package dev.whittle.engine.sequence;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkElementIndex;
import static com.google.common.base.Preconditions.checkPositionIndexes;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.KeptRanges;
import java.util.Arrays;
import org.apiguardian.api.API;

/**
 * An immutable candidate: the items of the original input it keeps, as sorted disjoint ranges of
 * original indices. Algorithms address items by position (0 to {@code size() - 1}); every operation
 * costs time in the number of ranges, not in the number of items, so a megabyte input with a few
 * clusters stays cheap.
 */
@API(status = INTERNAL, since = "0.1")
public final class Subsequence implements KeptRanges {
  private final int[] starts;
  private final int[] ends;

  /** {@code offsets[k]} is the position of the first item of range {@code k}. */
  private final int[] offsets;

  private final int size;

  private Subsequence(int[] starts, int[] ends) {
    this.starts = starts;
    this.ends = ends;
    this.offsets = new int[starts.length];
    int at = 0;
    for (int k = 0; k < starts.length; k++) {
      offsets[k] = at;
      at += ends[k] - starts[k];
    }
    this.size = at;
  }

  /** All {@code length} items of an original input. */
  public static Subsequence full(int length) {
    checkArgument(length >= 0, "length must not be negative, was %s", length);
    return length == 0
        ? new Subsequence(new int[0], new int[0])
        : new Subsequence(new int[] {0}, new int[] {length});
  }

  /** The given original indices, which must be strictly increasing. */
  public static Subsequence ofIndices(int... indices) {
    int[] s = new int[indices.length];
    int[] e = new int[indices.length];
    int k = -1;
    for (int i = 0; i < indices.length; i++) {
      checkArgument(indices[i] >= 0, "negative index %s", indices[i]);
      checkArgument(i == 0 || indices[i] > indices[i - 1], "indices must increase: %s", indices);
      if (k >= 0 && e[k] == indices[i]) {
        e[k]++;
      } else {
        k++;
        s[k] = indices[i];
        e[k] = indices[i] + 1;
      }
    }
    return new Subsequence(Arrays.copyOf(s, k + 1), Arrays.copyOf(e, k + 1));
  }

  @Override
  public int size() {
    return size;
  }

  public boolean isEmpty() {
    return size == 0;
  }

  @Override
  public int rangeCount() {
    return starts.length;
  }

  @Override
  public int start(int k) {
    return starts[k];
  }

  @Override
  public int end(int k) {
    return ends[k];
  }

  /** The original index of the item at {@code position}. */
  public int originalIndex(int position) {
    checkElementIndex(position, size, "position");
    int k = rangeOf(position);
    return starts[k] + position - offsets[k];
  }

  /** All kept original indices, in order. */
  public int[] toIndices() {
    int[] out = new int[size];
    int at = 0;
    for (int k = 0; k < starts.length; k++) {
      for (int i = starts[k]; i < ends[k]; i++) {
        out[at++] = i;
      }
    }
    return out;
  }

  /** This candidate without the items at positions {@code from} (inclusive) to {@code to}. */
  public Subsequence without(int from, int to) {
    checkPositionIndexes(from, to, size);
    if (from == to) {
      return this;
    }
    int first = rangeOf(from);
    int last = rangeOf(to - 1);
    int[] s = new int[starts.length + 1];
    int[] e = new int[starts.length + 1];
    int n = 0;
    for (int k = 0; k < first; k++, n++) {
      s[n] = starts[k];
      e[n] = ends[k];
    }
    int cutStart = starts[first] + from - offsets[first];
    if (cutStart > starts[first]) {
      s[n] = starts[first];
      e[n++] = cutStart;
    }
    int resume = starts[last] + to - offsets[last];
    if (resume < ends[last]) {
      s[n] = resume;
      e[n++] = ends[last];
    }
    for (int k = last + 1; k < starts.length; k++, n++) {
      s[n] = starts[k];
      e[n] = ends[k];
    }
    return new Subsequence(Arrays.copyOf(s, n), Arrays.copyOf(e, n));
  }

  /** Only the items at positions {@code from} (inclusive) to {@code to}. */
  public Subsequence slice(int from, int to) {
    checkPositionIndexes(from, to, size);
    if (from == to) {
      return full(0);
    }
    int first = rangeOf(from);
    int last = rangeOf(to - 1);
    int n = last - first + 1;
    int[] s = Arrays.copyOfRange(starts, first, last + 1);
    int[] e = Arrays.copyOfRange(ends, first, last + 1);
    s[0] = starts[first] + from - offsets[first];
    e[n - 1] = starts[last] + to - offsets[last];
    return new Subsequence(s, e);
  }

  /** This candidate followed by {@code other}, whose items must all come later in the original. */
  public Subsequence concat(Subsequence other) {
    if (other.isEmpty()) {
      return this;
    }
    if (isEmpty()) {
      return other;
    }
    checkArgument(
        ends[ends.length - 1] <= other.starts[0], "ranges overlap: %s then %s", this, other);
    boolean touching = ends[ends.length - 1] == other.starts[0];
    int n = starts.length + other.starts.length - (touching ? 1 : 0);
    int[] s = Arrays.copyOf(starts, n);
    int[] e = Arrays.copyOf(ends, n);
    int at = starts.length;
    int from = 0;
    if (touching) {
      e[at - 1] = other.ends[0];
      from = 1;
    }
    for (int k = from; k < other.starts.length; k++, at++) {
      s[at] = other.starts[k];
      e[at] = other.ends[k];
    }
    return new Subsequence(s, e);
  }

  private int rangeOf(int position) {
    int k = Arrays.binarySearch(offsets, position);
    return k >= 0 ? k : -k - 2;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Subsequence other
        && size == other.size
        && Arrays.equals(starts, other.starts)
        && Arrays.equals(ends, other.ends);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(starts) + Arrays.hashCode(ends);
  }

  @Override
  public String toString() {
    StringBuilder out = new StringBuilder("[");
    for (int k = 0; k < starts.length; k++) {
      out.append(k == 0 ? "" : ", ").append(starts[k]).append("..").append(ends[k]);
    }
    return out.append("] (").append(size).append(" items)").toString();
  }
}
