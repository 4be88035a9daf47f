package dev.whittle.engine.tree.lenient;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

import java.util.List;

/**
 * What one format's lenient tree looks like: which bytes quote, which pairs bracket, which
 * separators split items (outermost level first), and whether the input is read as lines with
 * indentation blocks.
 *
 * @param name the format's name, for {@code --format}
 * @param quotes bytes that open and close a quoted string
 * @param escape the byte that escapes the next one inside a quoted string; -1 for none, and then a
 *     doubled quote stands for itself (CSV)
 * @param quotesSpanLines whether a quoted string may go on past a line end; without it an
 *     unterminated quote ends at its line's end, so one stray quote cannot swallow the input
 * @param pairs pairs of bytes, opener then closer: {@code "{}[]()"}
 * @param separators the separator levels, outermost first: each string holds the bytes that split
 *     items at that level ({@code ","} then {@code ":"} for JSON)
 * @param lines whether the input is first split into lines, lines indented more than the line
 *     before them nested under it (YAML, Python-like); pairs then close at their line's end
 */
record LenientSettings(
    String name,
    String quotes,
    int escape,
    boolean quotesSpanLines,
    String pairs,
    List<String> separators,
    boolean lines) {
  LenientSettings {
    checkNotNull(name, "name");
    checkNotNull(quotes, "quotes");
    checkArgument(pairs.length() % 2 == 0, "pairs of %s must come in twos: %s", name, pairs);
    separators = List.copyOf(separators);
  }

  boolean isQuote(int c) {
    return c < 0x80 && quotes.indexOf(c) >= 0;
  }

  /** The index of the pair {@code c} opens, or -1. */
  int opens(int c) {
    if (c >= 0x80) {
      return -1;
    }
    for (int p = 0; p < pairs.length(); p += 2) {
      if (pairs.charAt(p) == c) {
        return p / 2;
      }
    }
    return -1;
  }

  /** The index of the pair {@code c} closes, or -1. */
  int closes(int c) {
    if (c >= 0x80) {
      return -1;
    }
    for (int p = 1; p < pairs.length(); p += 2) {
      if (pairs.charAt(p) == c) {
        return p / 2;
      }
    }
    return -1;
  }

  String pairKind(int pair) {
    return "pair:" + pairs.substring(2 * pair, 2 * pair + 2);
  }

  /** Whether {@code c} separates items at {@code level}. */
  boolean separates(int level, int c) {
    return c < 0x80 && separators.get(level).indexOf(c) >= 0;
  }
}
