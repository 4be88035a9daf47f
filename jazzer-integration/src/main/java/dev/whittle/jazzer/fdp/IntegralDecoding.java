package dev.whittle.jazzer.fdp;

/**
 * How Jazzer 0.30.0 turns integers read from the end of its input into values of a range ({@code
 * ConsumeIntegralInRange} in {@code fuzzed_data_provider.cpp}), as pure functions that the decoder
 * and the encoder share.
 */
final class IntegralDecoding {
  private IntegralDecoding() {}

  /**
   * How many bytes Jazzer reads for a range of {@code range + 1} values of a type {@code
   * widthBytes} wide when enough bytes are left: one byte per started 8 bits of {@code range},
   * never more than the type's width. An empty range (min == max) reads nothing.
   *
   * @param range {@code max - min} as an unsigned 64-bit number
   */
  static int bytesToRead(long range, int widthBytes) {
    int bytes = 0;
    while (bytes < widthBytes && (range >>> (Byte.SIZE * bytes)) != 0) {
      bytes++;
    }
    return bytes;
  }

  /**
   * The value Jazzer returns for the raw integer {@code raw} read from the input: {@code raw}
   * itself if it lies in {@code [min, max]} once cast to the type, otherwise {@code min + raw %
   * (max - min + 1)}, computed modulo 2^64 and cast to the type. {@code min} and {@code max} are
   * values of {@code type} widened to long.
   */
  static long inRange(long raw, long min, long max, IntegralType type) {
    long asIs = type.narrow(raw);
    if (asIs >= min && asIs <= max) {
      return asIs;
    }
    // Only reached when the range does not cover the whole type, so max - min + 1 is not 0 mod
    // 2^64: a range covering all 2^64 longs makes every raw value fall in the branch above.
    return type.narrow(min + Long.remainderUnsigned(raw, max - min + 1));
  }
}
