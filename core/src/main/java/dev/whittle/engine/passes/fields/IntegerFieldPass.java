package dev.whittle.engine.passes.fields;

import dev.whittle.api.ContentTester;
import dev.whittle.api.Pass;
import dev.whittle.engine.passes.ByteArrays;
import dev.whittle.engine.passes.TowardZero;

/**
 * Lowers binary integer fields toward 0: at each position, a 32-bit then a 16-bit unsigned integer
 * in either byte order ({@link LengthField}'s shapes), when its value is small enough to be a size,
 * count or offset of this input (at most {@link #valueLimit}). It tries 0 first, then a binary
 * search of at most {@link #MAX_STEPS} questions for a smaller value that is still interesting: a
 * width, a record count, a version number that matters only above some threshold.
 *
 * <p>Candidates that are not {@linkplain ByteArrays#isSimpler simpler} than the input are never
 * asked (lowering a little-endian value can raise its first byte), so this pass cannot cycle. Only
 * inputs that {@linkplain ByteArrays#looksBinary look binary} are swept.
 */
final class IntegerFieldPass implements Pass<byte[]> {
  static final int MAX_STEPS = 4;
  private static final LengthField[] SHAPES = LengthField.wideShapes(true);

  @Override
  public String name() {
    return "int-fields";
  }

  /** Questions allowed for one call on an input of {@code size} bytes. */
  static long questionLimit(int size) {
    return 32L + 2L * size;
  }

  /** The largest value taken for a field of an input of {@code size} bytes. */
  static long valueLimit(int size) {
    return Math.max(1024L, 4L * size);
  }

  @Override
  public byte[] reduce(byte[] current, ContentTester<byte[]> tester) {
    if (!ByteArrays.looksBinary(current)) {
      return current;
    }
    FieldSweep sweep = new FieldSweep(current, tester, questionLimit(current.length));
    long limit = valueLimit(current.length);
    return sweep.over(
        SHAPES,
        (shape, at) -> {
          long value = shape.read(sweep.best(), at);
          if (value > 0 && value <= limit) {
            sweep.lower(value, MAX_STEPS, writer(shape, at));
          }
          return false; // one try per position: lowering keeps every field where it was
        });
  }

  /** Writes a value into the field at {@code at}; refuses a candidate that is not simpler. */
  private static TowardZero.Writer writer(LengthField shape, int at) {
    return (best, value) -> {
      byte[] candidate = best.clone();
      shape.write(candidate, at, value);
      return ByteArrays.isSimpler(candidate, best) ? candidate : null;
    };
  }
}
