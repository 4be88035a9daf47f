package dev.whittle.engine.tree.grammar;

/**
 * An input's bytes as the code points ANTLR reads, with the byte offset of every code point. ANTLR
 * counts positions in code points; the tree counts bytes. Every byte that does not start a
 * well-formed UTF-8 sequence (a stray continuation byte, an overlong form, an encoded surrogate, a
 * truncated sequence) becomes one U+FFFD of its own, so that every byte belongs to exactly one code
 * point and the mapping stays exact on any input, text or not.
 */
final class CodePoints {
  static final int REPLACEMENT = 0xFFFD;

  private final int[] codePoints;
  private final int[] byteOffsets;

  private CodePoints(int[] codePoints, int[] byteOffsets) {
    this.codePoints = codePoints;
    this.byteOffsets = byteOffsets;
  }

  static CodePoints decode(byte[] bytes) {
    int[] points = new int[bytes.length];
    int[] offsets = new int[bytes.length + 1];
    int count = 0;
    int at = 0;
    while (at < bytes.length) {
      int length = sequenceLength(bytes, at);
      offsets[count] = at;
      points[count] = length == 0 ? REPLACEMENT : decodeAt(bytes, at, length);
      count++;
      at += Math.max(length, 1);
    }
    offsets[count] = bytes.length;
    int[] trimmedPoints = new int[count];
    System.arraycopy(points, 0, trimmedPoints, 0, count);
    int[] trimmedOffsets = new int[count + 1];
    System.arraycopy(offsets, 0, trimmedOffsets, 0, count + 1);
    return new CodePoints(trimmedPoints, trimmedOffsets);
  }

  /** The length of the well-formed UTF-8 sequence at {@code at}, or 0 if there is none. */
  private static int sequenceLength(byte[] bytes, int at) {
    int b0 = bytes[at] & 0xFF;
    if (b0 < 0x80) {
      return 1;
    }
    int length;
    int min;
    if (b0 >= 0xC2 && b0 <= 0xDF) {
      length = 2;
      min = 0x80;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
      length = 3;
      min = 0x800;
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
      length = 4;
      min = 0x10000;
    } else {
      return 0;
    }
    if (at + length > bytes.length) {
      return 0;
    }
    for (int i = 1; i < length; i++) {
      if ((bytes[at + i] & 0xC0) != 0x80) {
        return 0;
      }
    }
    int cp = decodeAt(bytes, at, length);
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
      return 0;
    }
    return length;
  }

  private static int decodeAt(byte[] bytes, int at, int length) {
    int b0 = bytes[at] & 0xFF;
    int cp =
        switch (length) {
          case 1 -> b0;
          case 2 -> b0 & 0x1F;
          case 3 -> b0 & 0x0F;
          default -> b0 & 0x07;
        };
    for (int i = 1; i < length; i++) {
      cp = (cp << 6) | (bytes[at + i] & 0x3F);
    }
    return cp;
  }

  int size() {
    return codePoints.length;
  }

  int[] codePoints() {
    return codePoints;
  }

  /**
   * The byte offset of code point {@code index}; {@code size()} maps to the input's length, and
   * anything outside is clamped into the input.
   */
  int byteOffset(int index) {
    return byteOffsets[Math.max(0, Math.min(index, codePoints.length))];
  }
}
