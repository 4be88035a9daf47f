package dev.whittle.cli;

import java.nio.file.Path;

/**
 * Paths and messages as a summary line shows them: a control character (a newline in a file's name,
 * say) would break the line or the terminal, so each one is escaped as {@code \n}, {@code \r},
 * {@code \t} or {@code \}{@code uXXXX}. Everything else is left as it is; JSON output has its own
 * escaping and does not go through here.
 */
final class DisplayedText {
  private DisplayedText() {}

  static String of(Path path) {
    return of(path.toString());
  }

  static String of(String text) {
    int first = 0;
    while (first < text.length() && !needsEscape(text.charAt(first))) {
      first++;
    }
    if (first == text.length()) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length() + 8).append(text, 0, first);
    for (int i = first; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (needsEscape(c)) {
            out.append("\\u");
            String hex = Integer.toHexString(c);
            out.append("0".repeat(4 - hex.length())).append(hex);
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.toString();
  }

  /** C0 and C1 controls, DEL, and the Unicode line and paragraph separators. */
  private static boolean needsEscape(char c) {
    return Character.getType(c) == Character.CONTROL || c == '\u2028' || c == '\u2029';
  }
}
