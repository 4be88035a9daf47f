package dev.whittle.engine.tree.lenient;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;

/**
 * Guesses an input's format from its first bytes and lines. A guess only picks the lenient builder;
 * each of them takes any input, so a wrong guess loses structure, never bytes.
 */
final class FormatDetection {
  /** Bytes looked at for a guess: enough for the first lines, cheap on a megabyte. */
  static final int SAMPLE = 4096;

  private static final String[] HTML_MARKERS = {
    "<!doctype html",
    "<html",
    "<head",
    "<body",
    "<div",
    "<p>",
    "<br",
    "<table",
    "<td",
    "<tr",
    "<select",
    "<span",
    "<script",
    "<a href",
    "<li>"
  };

  private FormatDetection() {}

  static String detect(byte[] input) {
    if (input.length == 0 || !looksLikeText(input)) {
      return "bytes";
    }
    int first = 0;
    while (first < input.length && LenientTreeBuilder.isBlank(input[first])) {
      first++;
    }
    if (first == input.length) {
      return "lines";
    }
    String head =
        new String(
            input, first, Math.min(SAMPLE, input.length - first), StandardCharsets.ISO_8859_1);
    char c = head.charAt(0);
    if (c == '{' || c == '[') {
      return "json";
    }
    String lower = head.toLowerCase(Locale.ROOT);
    boolean htmlish = false;
    for (String marker : HTML_MARKERS) {
      htmlish |= lower.contains(marker);
    }
    if (c == '<') {
      return htmlish && !lower.startsWith("<?xml") ? "html" : "xml";
    }
    if (htmlish) {
      return "html";
    }
    if (csvDelimiter(input).isPresent()) {
      return "csv";
    }
    if (looksLikeYaml(head)) {
      return "yaml";
    }
    for (int i = 0; i < head.length(); i++) {
      char b = head.charAt(i);
      if (b == '(' || b == '{' || b == '[') {
        return "brackets";
      }
    }
    return "lines";
  }

  /**
   * The delimiter that occurs the same number of times, at least once, on each of the first lines
   * (at least two of them), or empty.
   */
  static Optional<Byte> csvDelimiter(byte[] input) {
    String head = new String(input, 0, Math.min(SAMPLE, input.length), StandardCharsets.ISO_8859_1);
    String[] lines = head.split("\r?\n", -1);
    int complete = head.length() < input.length ? lines.length - 1 : lines.length;
    int counted = 0;
    for (int i = 0; i < complete && counted < 8; i++) {
      counted += lines[i].isEmpty() ? 0 : 1;
    }
    if (counted < 2) {
      return Optional.empty();
    }
    for (char delimiter : new char[] {',', ';', '\t', '|'}) {
      int expected = -1;
      boolean even = true;
      int seen = 0;
      for (int i = 0; i < complete && seen < 8 && even; i++) {
        if (lines[i].isEmpty()) {
          continue;
        }
        seen++;
        int count = countOutsideQuotes(lines[i], delimiter);
        if (expected < 0) {
          expected = count;
        }
        even = count == expected;
      }
      if (even && expected > 0) {
        return Optional.of((byte) delimiter);
      }
    }
    return Optional.empty();
  }

  private static int countOutsideQuotes(String line, char delimiter) {
    int count = 0;
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '"') {
        quoted = !quoted;
      } else if (c == delimiter && !quoted) {
        count++;
      }
    }
    return count;
  }

  /** A document marker, or most of the first lines {@code key: value} or {@code - item}. */
  private static boolean looksLikeYaml(String head) {
    if (head.startsWith("---")) {
      return true;
    }
    String[] lines = head.split("\n");
    int looked = 0;
    int yamlish = 0;
    for (int i = 0; i < lines.length && looked < 16; i++) {
      String line = lines[i].strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      looked++;
      if (line.startsWith("- ") || line.matches("[A-Za-z0-9_\"'.-]+:( .*)?")) {
        yamlish++;
      }
    }
    return looked > 0 && yamlish * 4 >= looked * 3;
  }

  /**
   * Whether the first bytes look like text a parser reads: no NUL byte, at most 1 % other control
   * bytes (tab, line ends and form feed aside), and at most 1 % of the bytes above {@code 0x7f}
   * outside well-formed UTF-8 sequences. Binary formats with embedded text (a chunk holding a
   * title, a palette of high bytes) fail this, and their tree would be a guess that costs
   * questions; they keep the byte passes.
   */
  static boolean looksLikeText(byte[] data) {
    int length = Math.min(data.length, 4 * SAMPLE);
    int control = 0;
    int badUtf8 = 0;
    int i = 0;
    while (i < length) {
      int c = data[i] & 0xFF;
      if (c == 0) {
        return false;
      }
      if (c < 0x80) {
        control +=
            (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f') || c == 0x7F ? 1 : 0;
        i++;
        continue;
      }
      int continuation =
          c >= 0xF0 && c <= 0xF4 ? 3 : c >= 0xE0 ? 2 : c >= 0xC2 && c < 0xE0 ? 1 : -1;
      boolean wellFormed = continuation > 0;
      for (int k = 1; wellFormed && k <= continuation; k++) {
        wellFormed = i + k < data.length && (data[i + k] & 0xC0) == 0x80;
      }
      if (wellFormed) {
        i += continuation + 1;
      } else {
        badUtf8++;
        i++;
      }
    }
    return control * 100L <= length && badUtf8 * 100L <= length;
  }
}
