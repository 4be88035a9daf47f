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

  private JsonBoomTarget() {}

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
