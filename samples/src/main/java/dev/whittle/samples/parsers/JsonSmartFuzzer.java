package dev.whittle.samples.parsers;

import static dev.whittle.samples.parsers.PropertyViolation.excerpt;

import java.nio.charset.StandardCharsets;
import java.util.Objects;
import net.minidev.json.JSONValue;
import net.minidev.json.parser.JSONParser;
import net.minidev.json.parser.ParseException;

/**
 * Jazzer target over json-smart ({@code net.minidev:json-smart}) in its permissive mode, which
 * takes much that is not JSON (unquoted strings and keys, single quotes, missing values, trailing
 * text). Its documented parse error is {@link ParseException}. The property: the value printed by
 * {@link JSONValue#toJSONString(Object)} parses back to an equal value that prints the same.
 */
public final class JsonSmartFuzzer {
  private JsonSmartFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    String text = new String(data, StandardCharsets.UTF_8);
    Object value;
    try {
      value = parse(text);
    } catch (ParseException e) {
      return;
    }
    String printed = JSONValue.toJSONString(value);
    Object again;
    try {
      again = parse(printed);
    } catch (ParseException e) {
      throw new PropertyViolation("the printed value does not parse: " + excerpt(printed));
    }
    if (!Objects.equals(value, again)) {
      throw new PropertyViolation("the printed value parses to another: " + excerpt(printed));
    }
    if (!JSONValue.toJSONString(again).equals(printed)) {
      throw new PropertyViolation("printing is not stable: " + excerpt(printed));
    }
  }

  private static Object parse(String text) throws ParseException {
    return new JSONParser(JSONParser.MODE_PERMISSIVE).parse(text);
  }
}
