package dev.whittle.jazzer.bytecode.analysis;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Arrays;
import org.apiguardian.api.API;

/**
 * A sorted set of distinct {@code long}s (features, or any ascending numbers) held compactly: the
 * first value and then each gap to the previous one, as variable-length integers of 7 bits a byte.
 * A corpus census keeps one set per input for the whole corpus; sorted features of one class lie
 * close together, so most gaps fit in a byte where a {@code long} takes eight. Immutable; equal
 * when the values are.
 */
@API(status = INTERNAL, since = "0.1")
public final class PackedFeatures {
  private static final PackedFeatures EMPTY = new PackedFeatures(new byte[0], 0, 0);

  private final byte[] bytes;
  private final int size;
  private final int hash;

  private PackedFeatures(byte[] bytes, int size, int hash) {
    this.bytes = bytes;
    this.size = size;
    this.hash = hash;
  }

  /**
   * Packs {@code sorted}, which is not kept.
   *
   * @throws IllegalArgumentException if the values are not strictly ascending
   */
  public static PackedFeatures of(long[] sorted) {
    checkNotNull(sorted, "sorted");
    if (sorted.length == 0) {
      return EMPTY;
    }
    byte[] out = new byte[sorted.length * 2 + 8];
    int at = writeVarint(out, 0, (sorted[0] << 1) ^ (sorted[0] >> 63)); // zig-zag: may be negative
    for (int i = 1; i < sorted.length; i++) {
      checkArgument(
          sorted[i] > sorted[i - 1],
          "not strictly ascending at index %s: %s after %s",
          i,
          sorted[i],
          sorted[i - 1]);
      if (out.length - at < 10) {
        out = Arrays.copyOf(out, out.length * 2);
      }
      at = writeVarint(out, at, sorted[i] - sorted[i - 1]);
    }
    return new PackedFeatures(Arrays.copyOf(out, at), sorted.length, Arrays.hashCode(sorted));
  }

  /** How many values the set holds. */
  public int size() {
    return size;
  }

  /** The values, ascending, in a new array. */
  public long[] toArray() {
    long[] values = new long[size];
    if (size == 0) {
      return values;
    }
    int[] at = {0};
    long zigZag = readVarint(bytes, at);
    long value = (zigZag >>> 1) ^ -(zigZag & 1);
    values[0] = value;
    for (int i = 1; i < size; i++) {
      value += readVarint(bytes, at);
      values[i] = value;
    }
    return values;
  }

  /** The bytes the set takes, for reports of memory use. */
  public int packedBytes() {
    return bytes.length;
  }

  private static int writeVarint(byte[] out, int at, long value) {
    long left = value;
    while ((left & ~0x7FL) != 0) {
      out[at++] = (byte) ((left & 0x7F) | 0x80);
      left >>>= 7;
    }
    out[at++] = (byte) left;
    return at;
  }

  private static long readVarint(byte[] in, int[] at) {
    long value = 0;
    int shift = 0;
    while (true) {
      byte b = in[at[0]++];
      value |= (long) (b & 0x7F) << shift;
      if (b >= 0) {
        return value;
      }
      shift += 7;
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof PackedFeatures that
        && size == that.size
        && hash == that.hash
        && Arrays.equals(bytes, that.bytes);
  }

  @Override
  public int hashCode() {
    return hash;
  }

  @Override
  public String toString() {
    return "PackedFeatures" + Arrays.toString(toArray());
  }
}
