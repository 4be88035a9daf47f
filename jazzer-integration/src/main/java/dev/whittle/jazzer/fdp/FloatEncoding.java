package dev.whittle.jazzer.fdp;

import static dev.whittle.jazzer.fdp.NotEncodableException.checkEncodable;

import dev.whittle.jazzer.fdp.EncodedCall.EndRead;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.function.LongToDoubleFunction;

/**
 * Finds the integers Jazzer must read from the end for it to return a given float or double.
 * Jazzer's decoding is monotone in the probability integer, so a binary search finds it; values
 * between two neighbouring probabilities cannot be produced at all (for example most small numbers
 * from {@code consumeRegularFloat()}), and asking for one throws.
 */
final class FloatEncoding {
  private static final long UINT32_MAX = 0xFFFF_FFFFL;
  private static final long UINT64_MAX = -1L;
  private static final int SIGN_OF_ZERO_STEPS = 4;

  private FloatEncoding() {}

  static EndRead probabilityFloat(float value) {
    return new EndRead(
        search(FloatDecoding::probabilityFloat, UINT32_MAX, value, "probability"), Integer.BYTES);
  }

  static EndRead probabilityDouble(double value) {
    return new EndRead(
        search(FloatDecoding::probabilityDouble, UINT64_MAX, value, "probability"), Long.BYTES);
  }

  /**
   * The reads for {@code consumeRegularFloat(min, max)} returning {@code value}. Where a value lies
   * in both halves of a split range, the half needing the smaller probability integer wins: fewer
   * significant bytes, which matters for the last call of an input.
   */
  static List<EndRead> regularFloat(float min, float max, float value) {
    return regular(
        FloatDecoding.splitsRange(min, max),
        upperHalf -> raw32 -> FloatDecoding.inRange(min, max, upperHalf, raw32),
        UINT32_MAX,
        Float.BYTES,
        value,
        min,
        max);
  }

  /** The reads for {@code consumeRegularDouble(min, max)} returning {@code value}. */
  static List<EndRead> regularDouble(double min, double max, double value) {
    return regular(
        FloatDecoding.splitsRange(min, max),
        upperHalf -> raw64 -> FloatDecoding.inRange(min, max, upperHalf, raw64),
        UINT64_MAX,
        Double.BYTES,
        value,
        min,
        max);
  }

  private static List<EndRead> regular(
      boolean split,
      Function<Boolean, LongToDoubleFunction> decodeInHalf,
      long maxRaw,
      int rawBytes,
      double value,
      double min,
      double max) {
    List<EndRead> best = null;
    for (boolean upperHalf : halves(split)) {
      OptionalLong raw = find(decodeInHalf.apply(upperHalf), maxRaw, value);
      if (raw.isPresent()
          && (best == null
              || Long.compareUnsigned(raw.getAsLong(), best.get(best.size() - 1).raw()) < 0)) {
        best = reads(split, upperHalf, raw.getAsLong(), rawBytes);
      }
    }
    if (best == null) {
      throw unreachable(value, min, max);
    }
    return best;
  }

  private static boolean[] halves(boolean split) {
    return split ? new boolean[] {false, true} : new boolean[] {false};
  }

  private static List<EndRead> reads(boolean split, boolean upperHalf, long raw, int bytes) {
    List<EndRead> reads = new ArrayList<>();
    if (split) {
      reads.add(new EndRead(upperHalf ? 1 : 0, 1));
    }
    reads.add(new EndRead(raw, bytes));
    return reads;
  }

  private static NotEncodableException unreachable(double value, double min, double max) {
    return new NotEncodableException(
        String.format(
            "Jazzer produces no %s between %s and %s; the nearest values it can produce are"
                + " spaced by about (max - min) / 2^32 or / 2^64",
            value, min, max));
  }

  private static long search(LongToDoubleFunction decode, long maxRaw, double value, String what) {
    OptionalLong raw = find(decode, maxRaw, value);
    checkEncodable(raw.isPresent(), "Jazzer produces no %s %s", what, value);
    return raw.getAsLong();
  }

  /**
   * The smallest raw integer in {@code [0, maxRaw]} (unsigned) that {@code decode}, which is
   * non-decreasing, maps to exactly {@code value} (same bits, so -0.0 is not 0.0).
   */
  private static OptionalLong find(LongToDoubleFunction decode, long maxRaw, double value) {
    if (Double.isNaN(value)) {
      return OptionalLong.empty();
    }
    long low = 0;
    long high = maxRaw;
    // Invariant: every raw below low decodes below value; the answer, if any, is <= high.
    while (Long.compareUnsigned(low, high) < 0) {
      long middle = low + ((high - low) >>> 1);
      if (decode.applyAsDouble(middle) < value) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    // Numerically equal neighbours may still differ in the sign of zero; look at a few of them
    // only, as a range of width zero maps every raw integer to the same zero.
    long raw = low;
    for (int step = 0; step < SIGN_OF_ZERO_STEPS && decode.applyAsDouble(raw) == value; step++) {
      if (Double.doubleToLongBits(decode.applyAsDouble(raw)) == Double.doubleToLongBits(value)) {
        return OptionalLong.of(raw);
      }
      if (raw == maxRaw) {
        break;
      }
      raw++;
    }
    return OptionalLong.empty();
  }
}
