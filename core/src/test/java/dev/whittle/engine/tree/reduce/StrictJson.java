package dev.whittle.engine.tree.reduce;

import java.nio.charset.StandardCharsets;

/** A strict JSON validity check for test oracles: what a target with a real parser would accept. */
final class StrictJson {
  private final String text;
  private int at;

  private StrictJson(String text) {
    this.text = text;
  }

  static boolean isValid(byte[] bytes) {
    StrictJson parser = new StrictJson(new String(bytes, StandardCharsets.UTF_8));
    try {
      parser.value();
      parser.blanks();
      return parser.at == parser.text.length();
    } catch (IllegalStateException | StringIndexOutOfBoundsException e) {
      return false;
    }
  }

  private void value() {
    blanks();
    char c = text.charAt(at);
    if (c == '{') {
      at++;
      blanks();
      if (text.charAt(at) == '}') {
        at++;
        return;
      }
      do {
        blanks();
        string();
        blanks();
        expect(':');
        value();
        blanks();
      } while (text.charAt(at++) == ',');
      check(text.charAt(at - 1) == '}');
    } else if (c == '[') {
      at++;
      blanks();
      if (text.charAt(at) == ']') {
        at++;
        return;
      }
      do {
        value();
        blanks();
      } while (text.charAt(at++) == ',');
      check(text.charAt(at - 1) == ']');
    } else if (c == '"') {
      string();
    } else if (c == '-' || Character.isDigit(c)) {
      int start = at;
      at++;
      while (at < text.length() && (Character.isDigit(text.charAt(at)) || text.charAt(at) == '.')) {
        at++;
      }
      check(at > start + (c == '-' ? 1 : 0));
    } else {
      for (String literal : new String[] {"true", "false", "null"}) {
        if (text.startsWith(literal, at)) {
          at += literal.length();
          return;
        }
      }
      check(false);
    }
  }

  private void string() {
    expect('"');
    while (text.charAt(at) != '"') {
      at += text.charAt(at) == '\\' ? 2 : 1;
    }
    at++;
  }

  private void expect(char c) {
    check(text.charAt(at) == c);
    at++;
  }

  private void blanks() {
    while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0) {
      at++;
    }
  }

  private static void check(boolean condition) {
    if (!condition) {
      throw new IllegalStateException();
    }
  }
}
