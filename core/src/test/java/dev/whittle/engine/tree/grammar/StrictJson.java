package dev.whittle.engine.tree.grammar;

/** A strict JSON recognizer for the tests' oracles, independent of the ANTLR grammar. */
final class StrictJson {
  private final String s;
  private int at;

  private StrictJson(String s) {
    this.s = s;
  }

  static boolean isValid(String text) {
    StrictJson p = new StrictJson(text);
    try {
      p.ws();
      if (!p.value()) {
        return false;
      }
      p.ws();
      return p.at == text.length();
    } catch (StackOverflowError e) {
      return false;
    }
  }

  private void ws() {
    while (at < s.length() && " \t\r\n".indexOf(s.charAt(at)) >= 0) {
      at++;
    }
  }

  private boolean eat(String t) {
    if (s.startsWith(t, at)) {
      at += t.length();
      return true;
    }
    return false;
  }

  private boolean value() {
    if (at >= s.length()) {
      return false;
    }
    char c = s.charAt(at);
    if (c == '{') {
      return container('{', '}', true);
    }
    if (c == '[') {
      return container('[', ']', false);
    }
    if (c == '"') {
      return string();
    }
    if (eat("true") || eat("false") || eat("null")) {
      return true;
    }
    return number();
  }

  private boolean container(char open, char close, boolean members) {
    at++;
    ws();
    if (eat(String.valueOf(close))) {
      return true;
    }
    while (true) {
      ws();
      if (members) {
        if (!string()) {
          return false;
        }
        ws();
        if (!eat(":")) {
          return false;
        }
        ws();
      }
      if (!value()) {
        return false;
      }
      ws();
      if (eat(String.valueOf(close))) {
        return true;
      }
      if (!eat(",")) {
        return false;
      }
    }
  }

  private boolean string() {
    if (!eat("\"")) {
      return false;
    }
    while (at < s.length()) {
      char c = s.charAt(at++);
      if (c == '"') {
        return true;
      }
      if (c == '\\') {
        at++;
      } else if (c < 0x20) {
        return false;
      }
    }
    return false;
  }

  private boolean number() {
    int start = at;
    eat("-");
    int digits = at;
    while (at < s.length() && Character.isDigit(s.charAt(at))) {
      at++;
    }
    if (at == digits) {
      at = start;
      return false;
    }
    if (eat(".")) {
      int f = at;
      while (at < s.length() && Character.isDigit(s.charAt(at))) {
        at++;
      }
      if (at == f) {
        return false;
      }
    }
    return true;
  }
}
