package dev.whittle.samples;

import java.util.ArrayList;
import java.util.List;

/**
 * Jazzer target over a recursive-descent reader of nested lists such as {@code [1, [2, 3], []]}, as
 * a configuration file or query language parser would have: one Java call per nesting level, and no
 * limit on the depth.
 *
 * <p>Malformed text is rejected with {@link IllegalArgumentException}, which is fine. The bug
 * Jazzer finds: nesting deep enough exhausts the thread's stack, a {@link StackOverflowError} whose
 * depth depends on the stack size ({@code -Xss}) and on how much of the reader the JIT has
 * compiled, so a minimized input sits at an edge that moves from one JVM to the next.
 */
public final class NestedListFuzzer {
  private NestedListFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    try {
      new Reader(data).readDocument();
    } catch (IllegalArgumentException e) {
      // Malformed input: rejected as designed.
    }
  }

  /** Reads one value from the start of the bytes; whitespace between tokens is skipped. */
  static final class Reader {
    private final byte[] text;
    private int position;

    Reader(byte[] text) {
      this.text = text;
    }

    Object readDocument() {
      Object value = readValue();
      skipSpace();
      if (position != text.length) {
        throw new IllegalArgumentException("trailing bytes at " + position);
      }
      return value;
    }

    private Object readValue() {
      skipSpace();
      if (position >= text.length) {
        throw new IllegalArgumentException("value expected at " + position);
      }
      byte next = text[position];
      if (next == '[') {
        return readList();
      }
      if (next >= '0' && next <= '9') {
        return readNumber();
      }
      throw new IllegalArgumentException("unexpected '" + (char) next + "' at " + position);
    }

    private List<Object> readList() {
      position++;
      List<Object> items = new ArrayList<>();
      skipSpace();
      if (position < text.length && text[position] == ']') {
        position++;
        return items;
      }
      while (true) {
        items.add(readValue());
        skipSpace();
        if (position >= text.length) {
          throw new IllegalArgumentException("unclosed list");
        }
        byte separator = text[position++];
        if (separator == ']') {
          return items;
        }
        if (separator != ',') {
          throw new IllegalArgumentException("',' or ']' expected at " + (position - 1));
        }
      }
    }

    private Long readNumber() {
      long value = 0;
      while (position < text.length && text[position] >= '0' && text[position] <= '9') {
        value = value * 10 + (text[position++] - '0');
      }
      return value;
    }

    private void skipSpace() {
      while (position < text.length && (text[position] == ' ' || text[position] == '\n')) {
        position++;
      }
    }
  }
}
