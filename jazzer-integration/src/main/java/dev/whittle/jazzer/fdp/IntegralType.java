package dev.whittle.jazzer.fdp;

/**
 * The Java integral types Jazzer decodes from the end of its input, with the width and signedness
 * its native code uses for them.
 */
enum IntegralType {
  BYTE(1, true),
  SHORT(2, true),
  CHAR(2, false),
  INT(4, true),
  LONG(8, true);

  /** How many bytes a value of this type occupies. */
  final int bytes;

  private final boolean signed;

  IntegralType(int bytes, boolean signed) {
    this.bytes = bytes;
    this.signed = signed;
  }

  /** The largest value of the unsigned type of the same width, as a bit pattern. */
  long unsignedMax() {
    return bytes == Long.BYTES ? -1L : (1L << (Byte.SIZE * bytes)) - 1;
  }

  /**
   * Keeps the low {@link #bytes} bytes of {@code value} and widens them back to a long, sign- or
   * zero-extended: what a C++ {@code static_cast<T>} does to a {@code uint64_t}.
   */
  long narrow(long value) {
    int unusedBits = Long.SIZE - Byte.SIZE * bytes;
    return signed ? (value << unusedBits) >> unusedBits : (value << unusedBits) >>> unusedBits;
  }
}
