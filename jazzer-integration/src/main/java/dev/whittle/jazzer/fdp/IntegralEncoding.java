package dev.whittle.jazzer.fdp;

import static dev.whittle.jazzer.fdp.NotEncodableException.checkEncodable;

import dev.whittle.jazzer.fdp.EncodedCall.EndRead;
import java.util.OptionalLong;
import java.util.stream.LongStream;

/** Finds the integer Jazzer must read from the end for it to return a given integral value. */
final class IntegralEncoding {
  private IntegralEncoding() {}

  /** The read that makes an unbounded {@code consumeX()} of {@code type} return {@code value}. */
  static EndRead unbounded(long value, IntegralType type) {
    return new EndRead(value & type.unsignedMax(), type.bytes);
  }

  /**
   * The read that makes {@code consumeX(min, max)} of {@code type} return {@code value}, with the
   * smallest raw integer: either {@code value} itself, which Jazzer keeps as is when it lies in the
   * range, or a raw integer outside the range that the modulo step maps to it. Either must fit in
   * the bytes Jazzer reads; the smaller one leaves more leading zero bytes to drop.
   *
   * @throws NotEncodableException if {@code value} is outside {@code [min, max]}, or Jazzer's
   *     modulo step cannot reach it (e.g. -1 from {@code consumeInt(-100, 150)}, which reads one
   *     byte: 99 is kept as is and 350 needs two bytes)
   */
  static EndRead inRange(long value, long min, long max, IntegralType type) {
    checkEncodable(
        min <= value && value <= max,
        "%s is outside the range [%s, %s] it was consumed from",
        value,
        min,
        max);
    int bytes = IntegralDecoding.bytesToRead(max - min, type.bytes);
    OptionalLong asIs = decodingTo(value & type.unsignedMax(), value, min, max, type, bytes);
    OptionalLong wrapped = smallestWrappedTo(value, min, max, type, bytes);
    OptionalLong smallest =
        LongStream.concat(asIs.stream(), wrapped.stream())
            .reduce((a, b) -> Long.compareUnsigned(a, b) <= 0 ? a : b);
    if (smallest.isPresent()) {
      return new EndRead(smallest.getAsLong(), bytes);
    }
    throw new NotEncodableException(
        String.format(
            "Jazzer cannot produce %s from [%s, %s]: no %s-byte integer maps to it",
            value, min, max, bytes));
  }

  /**
   * The smallest raw integer the modulo step maps to {@code value}: {@code value - min} plus a
   * multiple of the range size, outside the range. At most 2^(8 * bytes) / size + 1 <= 257 of them
   * fit, as the range size exceeds 2^(8 * (bytes - 1)).
   */
  private static OptionalLong smallestWrappedTo(
      long value, long min, long max, IntegralType type, int bytes) {
    long size = max - min + 1;
    if (size == 0) {
      return OptionalLong.empty(); // The whole 64-bit range: every raw integer is kept as is.
    }
    for (long raw = value - min; fits(raw, bytes); raw += size) {
      OptionalLong works = decodingTo(raw, value, min, max, type, bytes);
      if (works.isPresent()) {
        return works;
      }
      if (Long.compareUnsigned(raw + size, raw) < 0) {
        break; // The next candidate would wrap around 2^64.
      }
    }
    return OptionalLong.empty();
  }

  private static OptionalLong decodingTo(
      long raw, long value, long min, long max, IntegralType type, int bytes) {
    return fits(raw, bytes) && IntegralDecoding.inRange(raw, min, max, type) == value
        ? OptionalLong.of(raw)
        : OptionalLong.empty();
  }

  private static boolean fits(long raw, int bytes) {
    return bytes == Long.BYTES || (raw >>> (Byte.SIZE * bytes)) == 0;
  }
}
