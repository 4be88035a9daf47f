package dev.whittle.examples.corpus;

/** The code under test: a branch per kind of first byte, another for the second. */
public final class TinyParser {
  private TinyParser() {}

  public static int parse(byte[] input) {
    if (input.length == 0) {
      return 0;
    }
    switch (input[0]) {
      case '{':
        return input.length > 1 && input[1] == '}' ? 1 : 2;
      case '[':
        return 3;
      case '"':
        return 4;
      default:
        return 5;
    }
  }

  /** A branch per command, another for a bang in the text. */
  public static int command(int command, String text) {
    int result =
        switch (command) {
          case 0 -> 10;
          case 1 -> 11;
          default -> 12;
        };
    return text.indexOf('!') >= 0 ? result + 1 : result;
  }

  /** A branch per prefix, another for a large count. */
  public static int named(String name, int count) {
    if (name.startsWith("a")) {
      return count > 10 ? 20 : 21;
    }
    return name.indexOf('b') >= 0 ? 22 : 23;
  }
}
