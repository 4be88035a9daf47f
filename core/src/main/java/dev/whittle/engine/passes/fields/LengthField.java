package dev.whittle.engine.passes.fields;

/**
 * Where a length field may sit: an unsigned integer of {@code width} bytes in one byte order. A
 * hypothesis only; the oracle decides whether rewriting it together with the bytes it counts keeps
 * the input interesting.
 */
enum LengthField {
  U32_BIG_ENDIAN(4, true),
  U32_LITTLE_ENDIAN(4, false),
  U16_BIG_ENDIAN(2, true),
  U16_LITTLE_ENDIAN(2, false),
  U8(1, true);

  final int width;
  private final boolean bigEndian;

  LengthField(int width, boolean bigEndian) {
    this.width = width;
    this.bigEndian = bigEndian;
  }

  /**
   * The 32- and 16-bit shapes, the wider first, each in both byte orders with big-endian first or
   * last: the shapes of offsets and integers, which a single byte rarely holds.
   */
  static LengthField[] wideShapes(boolean bigEndianFirst) {
    return bigEndianFirst
        ? new LengthField[] {U32_BIG_ENDIAN, U32_LITTLE_ENDIAN, U16_BIG_ENDIAN, U16_LITTLE_ENDIAN}
        : new LengthField[] {U32_LITTLE_ENDIAN, U32_BIG_ENDIAN, U16_LITTLE_ENDIAN, U16_BIG_ENDIAN};
  }

  /** The field's value at {@code at}, or -1 when it does not fit in {@code data}. */
  long read(byte[] data, int at) {
    if (at < 0 || at + width > data.length) {
      return -1;
    }
    long value = 0;
    for (int i = 0; i < width; i++) {
      int b = data[bigEndian ? at + i : at + width - 1 - i] & 0xFF;
      value = value << 8 | b;
    }
    return value;
  }

  /** Writes {@code value}, which MUST fit in the field, at {@code at}. */
  void write(byte[] data, int at, long value) {
    for (int i = 0; i < width; i++) {
      int shift = 8 * (bigEndian ? width - 1 - i : i);
      data[at + i] = (byte) (value >>> shift);
    }
  }
}
