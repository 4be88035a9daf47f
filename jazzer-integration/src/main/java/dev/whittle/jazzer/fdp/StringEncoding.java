package dev.whittle.jazzer.fdp;

import static dev.whittle.jazzer.fdp.NotEncodableException.checkEncodable;

import java.io.ByteArrayOutputStream;

/**
 * Writes strings as bytes that Jazzer's string decoding ({@link StringDecoding}) returns unchanged:
 * modified UTF-8, which it keeps as is, with the zero character on one byte (which it widens back
 * to the same character), and backslashes doubled where a single one would end the string.
 */
final class StringEncoding {
  /**
   * Ends a string before its length limit: a backslash followed by anything but a backslash; both
   * bytes are consumed.
   */
  static final byte[] TERMINATOR = {'\\', 0};

  private StringEncoding() {}

  /**
   * Encodes {@code value} without a terminator.
   *
   * @param asciiOnly the string comes from an ASCII method, so every character MUST be below 0x80
   * @param escapeBackslashes the method ends strings at a single backslash
   * @throws NotEncodableException if Jazzer cannot produce {@code value}: a non-ASCII character for
   *     an ASCII method, or a surrogate that is not part of a pair
   */
  static byte[] encode(String value, boolean asciiOnly, boolean escapeBackslashes) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(value.length() + 2);
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      checkEncodable(
          !asciiOnly || c < 0x80, "an ASCII string cannot contain U+%04X at index %s", (int) c, i);
      if (c == '\\' && escapeBackslashes) {
        out.write('\\');
        out.write('\\');
      } else if (c < 0x80) {
        out.write(c);
      } else if (c < 0x800) {
        out.write(0xC0 | (c >>> 6));
        out.write(0x80 | (c & 0x3F));
      } else {
        if (Character.isHighSurrogate(c)) {
          checkEncodable(
              i + 1 < value.length() && Character.isLowSurrogate(value.charAt(i + 1)),
              "Jazzer produces no unpaired high surrogate (index %s)",
              i);
        } else {
          checkEncodable(
              !Character.isLowSurrogate(c)
                  || i > 0 && Character.isHighSurrogate(value.charAt(i - 1)),
              "Jazzer produces no unpaired low surrogate (index %s)",
              i);
        }
        // Modified UTF-8 codes each half of a surrogate pair on three bytes of its own.
        out.write(0xE0 | (c >>> 12));
        out.write(0x80 | ((c >>> 6) & 0x3F));
        out.write(0x80 | (c & 0x3F));
      }
    }
    return out.toByteArray();
  }
}
