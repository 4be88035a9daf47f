package dev.whittle.jazzer.fdp;

/**
 * How Jazzer 0.30.0 turns integers read from the end of its input into floats and doubles ({@code
 * ConsumeProbability} and {@code ConsumeFloatInRange} in {@code fuzzed_data_provider.cpp}), as pure
 * functions that the decoder and the encoder share. Java's float arithmetic is IEEE 754 with
 * round-to-nearest, like the SSE code of Jazzer's x86-64 and AArch64 builds; if a build of Jazzer
 * fused {@code result += range * probability} into one FMA instruction, results could differ in the
 * last bit, which the differential test would show.
 */
final class FloatDecoding {
  /** {@code (float) UINT32_MAX}, which rounds to 2^32. */
  private static final float UINT32_MAX_AS_FLOAT = (float) 0xFFFF_FFFFL;

  /** {@code (double) UINT64_MAX}, which rounds to 2^64. */
  private static final double UINT64_MAX_AS_DOUBLE = unsignedToDouble(-1L);

  private FloatDecoding() {}

  /** The float probability for the raw unsigned 32-bit integer {@code raw32}. */
  static float probabilityFloat(long raw32) {
    return (float) raw32 / UINT32_MAX_AS_FLOAT;
  }

  /** The double probability for the raw unsigned 64-bit integer {@code raw64}. */
  static double probabilityDouble(long raw64) {
    return unsignedToDouble(raw64) / UINT64_MAX_AS_DOUBLE;
  }

  /**
   * Whether {@code max - min} would overflow, in which case Jazzer halves the range and reads a
   * boolean that picks the upper or lower half before it reads the probability.
   */
  static boolean splitsRange(float min, float max) {
    return min < 0 && max > 0 && min + Float.MAX_VALUE < max;
  }

  /** Like {@link #splitsRange(float, float)} for doubles. */
  static boolean splitsRange(double min, double max) {
    return min < 0 && max > 0 && min + Double.MAX_VALUE < max;
  }

  /**
   * The float in {@code [min, max]} for the half-selecting boolean {@code upperHalf} (only read
   * when {@link #splitsRange(float, float)}) and the raw probability integer {@code raw32}.
   */
  static float inRange(float min, float max, boolean upperHalf, long raw32) {
    float result = min;
    float range;
    if (splitsRange(min, max)) {
      range = max / 2 - min / 2;
      if (upperHalf) {
        result += range;
      }
    } else {
      range = max - min;
    }
    result += range * probabilityFloat(raw32);
    // std::min(result, max) returns its first argument unless the second is smaller, which
    // differs from Math.min for a result of 0.0 against a max of -0.0.
    return max < result ? max : result;
  }

  /** Like {@link #inRange(float, float, boolean, long)} for doubles. */
  static double inRange(double min, double max, boolean upperHalf, long raw64) {
    double result = min;
    double range;
    if (splitsRange(min, max)) {
      range = max / 2 - min / 2;
      if (upperHalf) {
        result += range;
      }
    } else {
      range = max - min;
    }
    result += range * probabilityDouble(raw64);
    return max < result ? max : result;
  }

  /**
   * Converts an unsigned 64-bit integer to the nearest double, as C++ does: halving keeps the
   * lowest bit as a sticky bit so that the one rounding step rounds the same way.
   */
  static double unsignedToDouble(long unsigned) {
    if (unsigned >= 0) {
      return unsigned;
    }
    return ((double) ((unsigned >>> 1) | (unsigned & 1))) * 2.0;
  }
}
