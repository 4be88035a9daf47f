package dev.whittle.jazzer.targets;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;

/**
 * A FuzzedDataProvider target that reads all of its input as one string, {@code
 * consumeRemainingAsString()}, parses it strictly as JSON ({@link StrictJson}) and throws when an
 * object at any depth holds the key "boom"; malformed JSON is no crash. The shortest crashing value
 * is an object with that key and a one-character value, {@code {"boom":1}} for a crash whose value
 * is 1: nothing but a well-formed document counts, as for a real parser's target.
 */
public final class JsonBoomTarget {
  /** A crash: a nested document with the key deep inside, its value 1. */
  public static final String CRASH =
      "{\"name\": \"whittle\", \"version\": 3, \"tags\": [\"a\", \"b\", {\"x\": [1, 2, 3]}],"
          + " \"config\": {\"depth\": {\"inner\": [{\"k\": \"v\"}, {\"other\": [true, false,"
          + " null], \"boom\": 1, \"more\": {\"n\": -2.5}}], \"text\": \"some words here\"},"
          + " \"flag\": false}, \"tail\": [1.5, -2, \"end\", [[], {}]]}\n";

  /** {@link #CRASH} with text that is not ASCII in it: two- and three-byte UTF-8 characters. */
  public static final String UNICODE_CRASH =
      CRASH.replace("some words here", "s\u00f6me w\u00f6rds \u2603 h\u00e9re");

  private JsonBoomTarget() {}

  /**
   * A count, {@code consumeInt(0, 9)}, then the document, {@code consumeString(2000)}, then a flag;
   * throws when the count is at least 3 and the document has the key: the step reduces the string
   * with the other calls as they are.
   */
  public static void counted(FuzzedDataProvider data) {
    int count = data.consumeInt(0, 9);
    String json = data.consumeString(2000);
    boolean flag = data.consumeBoolean();
    if (count >= 3 && hasBoom(json)) {
      throw new IllegalStateException("boom " + count + flag);
    }
  }

  /** The document as {@code consumeAsciiString(2000)}, then {@code consumeInt(0, 9)} at least 5. */
  public static void ascii(FuzzedDataProvider data) {
    String json = data.consumeAsciiString(2000);
    int count = data.consumeInt(0, 9);
    if (count >= 5 && hasBoom(json)) {
      throw new IllegalStateException("boom " + count);
    }
  }

  private static boolean hasBoom(String json) {
    try {
      return StrictJson.hasBoomKey(json);
    } catch (StrictJson.MalformedException e) {
      return false;
    }
  }

  public static void fuzzerTestOneInput(FuzzedDataProvider data) {
    String json = data.consumeRemainingAsString();
    boolean boom;
    try {
      boom = StrictJson.hasBoomKey(json);
    } catch (StrictJson.MalformedException e) {
      return;
    }
    if (boom) {
      throw new IllegalStateException("boom in " + json.length() + " characters of JSON");
    }
  }
}
