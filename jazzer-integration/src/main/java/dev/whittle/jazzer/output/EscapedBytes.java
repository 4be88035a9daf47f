package dev.whittle.jazzer.output;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * Bytes as a quoted, Java-escaped string for a summary line: printable ASCII as it is, {@code \n},
 * {@code \r}, {@code \t}, {@code \\} and {@code \"} escaped, every other byte as {@code \xHH}. Long
 * inputs are cut, saying how many bytes were left out.
 */
@API(status = INTERNAL, since = "0.1")
public final class EscapedBytes {
  /** How many bytes a summary shows. */
  public static final int SHOWN_BYTES = 160;

  private EscapedBytes() {}

  public static String of(byte[] bytes, int shown) {
    StringBuilder out = new StringBuilder(bytes.length + 16).append('"');
    int n = Math.min(bytes.length, shown);
    for (int i = 0; i < n; i++) {
      int b = bytes[i] & 0xFF;
      switch (b) {
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '\\' -> out.append("\\\\");
        case '"' -> out.append("\\\"");
        default -> {
          if (b >= 0x20 && b < 0x7F) {
            out.append((char) b);
          } else {
            out.append(String.format(java.util.Locale.ROOT, "\\x%02x", b));
          }
        }
      }
    }
    out.append('"');
    if (bytes.length > n) {
      out.append(" ... and ").append(bytes.length - n).append(" more bytes");
    }
    return out.toString();
  }
}
