package dev.whittle.samples.parsers;

import static dev.whittle.samples.parsers.PropertyViolation.excerpt;

import java.nio.charset.StandardCharsets;
import org.json.JSONArray;
import org.json.JSONException;
import org.json.JSONObject;

/**
 * Jazzer target over org.json ({@code org.json:json}), a lenient JSON parser: it also takes
 * unquoted keys and values, single quotes, comments of a sort and trailing commas. Its documented
 * parse error is {@link JSONException}. The property: the value printed by {@code toString()}, and
 * by {@code toString(2)}, parses back to a similar value that prints the same.
 */
public final class JsonFuzzer {
  private JsonFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    String text = new String(data, StandardCharsets.UTF_8);
    Object value;
    try {
      value = parse(text);
    } catch (JSONException e) {
      return;
    }
    String printed = value.toString();
    Object again;
    try {
      again = parse(printed);
    } catch (JSONException e) {
      throw new PropertyViolation("the printed value does not parse: " + excerpt(printed));
    }
    if (!similar(value, again)) {
      throw new PropertyViolation("the printed value parses to another: " + excerpt(printed));
    }
    if (!again.toString().equals(printed)) {
      throw new PropertyViolation("printing is not stable: " + excerpt(printed));
    }
    String indented =
        value instanceof JSONObject o ? o.toString(2) : ((JSONArray) value).toString(2);
    Object fromIndented;
    try {
      fromIndented = parse(indented);
    } catch (JSONException e) {
      throw new PropertyViolation("the indented value does not parse: " + excerpt(indented));
    }
    if (!similar(value, fromIndented)) {
      throw new PropertyViolation("the indented value parses to another: " + excerpt(indented));
    }
  }

  /** An array if the text starts with {@code [}, else an object. */
  static Object parse(String text) {
    return text.stripLeading().startsWith("[") ? new JSONArray(text) : new JSONObject(text);
  }

  private static boolean similar(Object a, Object b) {
    return a instanceof JSONObject o ? o.similar(b) : ((JSONArray) a).similar(b);
  }
}
