package dev.whittle.jazzer.targets;

/**
 * A strict JSON reader for the test targets, small enough to read at a glance: objects, arrays,
 * strings without escapes, integers and decimals, true, false, null, blanks between tokens;
 * anything else, and anything after the document, is malformed. It answers one question: whether
 * some object, at any depth, has the key "boom".
 */
public final class StrictJson {
  /** The document is not JSON by the rules above. */
  public static final class MalformedException extends Exception {
    MalformedException(String message, int at) {
      super(message + " at " + at, null, false, false);
    }
  }

  private final String text;
  private int at;
  private boolean boom;

  private StrictJson(String text) {
    this.text = text;
  }

  /** Whether {@code text} is one JSON document with an object holding the key "boom". */
  public static boolean hasBoomKey(String text) throws MalformedException {
    StrictJson reader = new StrictJson(text);
    reader.value();
    reader.blanks();
    if (reader.at != text.length()) {
      throw new MalformedException("trailing text", reader.at);
    }
    return reader.boom;
  }

  private void value() throws MalformedException {
    blanks();
    if (at >= text.length()) {
      throw new MalformedException("no value", at);
    }
    char c = text.charAt(at);
    switch (c) {
      case '{' -> object();
      case '[' -> array();
      case '"' -> string();
      case 't' -> word("true");
      case 'f' -> word("false");
      case 'n' -> word("null");
      default -> number();
    }
  }

  private void object() throws MalformedException {
    at++;
    blanks();
    if (peek('}')) {
      at++;
      return;
    }
    while (true) {
      blanks();
      String key = string();
      boom |= key.equals("boom");
      blanks();
      expect(':');
      value();
      blanks();
      if (peek(',')) {
        at++;
      } else {
        expect('}');
        return;
      }
    }
  }

  private void array() throws MalformedException {
    at++;
    blanks();
    if (peek(']')) {
      at++;
      return;
    }
    while (true) {
      value();
      blanks();
      if (peek(',')) {
        at++;
      } else {
        expect(']');
        return;
      }
    }
  }

  private String string() throws MalformedException {
    expect('"');
    int start = at;
    while (at < text.length() && text.charAt(at) != '"') {
      if (text.charAt(at) == '\\' || text.charAt(at) < 0x20) {
        throw new MalformedException("escape or control character in a string", at);
      }
      at++;
    }
    expect('"');
    return text.substring(start, at - 1);
  }

  private void number() throws MalformedException {
    if (peek('-')) {
      at++;
    }
    digits();
    if (peek('.')) {
      at++;
      digits();
    }
  }

  private void digits() throws MalformedException {
    int start = at;
    while (at < text.length() && text.charAt(at) >= '0' && text.charAt(at) <= '9') {
      at++;
    }
    if (at == start) {
      throw new MalformedException("digit expected", at);
    }
  }

  private void word(String word) throws MalformedException {
    if (!text.startsWith(word, at)) {
      throw new MalformedException(word + " expected", at);
    }
    at += word.length();
  }

  private void expect(char c) throws MalformedException {
    if (!peek(c)) {
      throw new MalformedException("'" + c + "' expected", at);
    }
    at++;
  }

  private boolean peek(char c) {
    return at < text.length() && text.charAt(at) == c;
  }

  private void blanks() {
    while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0) {
      at++;
    }
  }
}
