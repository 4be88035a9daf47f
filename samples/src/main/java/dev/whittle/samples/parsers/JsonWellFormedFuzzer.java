package dev.whittle.samples.parsers;

import static dev.whittle.samples.parsers.PropertyViolation.excerpt;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import net.minidev.json.JSONValue;
import net.minidev.json.parser.JSONParser;
import net.minidev.json.parser.ParseException;

/**
 * Jazzer target over json-smart ({@code net.minidev:json-smart}) on well-formed JSON only: inputs
 * Jackson's strict reading ({@link JsonFuzzer#strict}: RFC 8259, duplicate keys and trailing tokens
 * rejected) rejects are skipped, as are top-level scalars (RFC 4627, which json-smart's strict mode
 * follows, allows only objects and arrays there). A differential: json-smart, in its strict RFC
 * 4627 mode and in its default permissive mode, must take the document without its documented
 * {@link ParseException} and read the same value as Jackson (numbers compared by value, a double by
 * the double nearest Jackson's exact decimal). Each mode and kind of disagreement throws from a
 * line of its own, so that Jazzer tells them apart; anything else json-smart throws is a finding.
 * Last, the strict value printed by {@link JSONValue#toJSONString(Object)} must be JSON that
 * Jackson reads back to the same value.
 */
public final class JsonWellFormedFuzzer {
  private JsonWellFormedFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    String text = new String(data, StandardCharsets.UTF_8);
    JsonNode reference;
    try {
      reference = JsonFuzzer.strict(text);
    } catch (NumberFormatException e) {
      // Jackson 2.23 throws this, undocumented, on a number with a huge exponent (1e10000000000):
      // a finding in the reference itself, not in json-smart, and not an input Jackson accepts.
      return;
    }
    if (reference == null || !reference.isContainerNode()) {
      return;
    }
    Object strict;
    try {
      strict = new JSONParser(JSONParser.MODE_RFC4627).parse(text);
    } catch (ParseException e) {
      throw new PropertyViolation("strict json-smart rejects it (" + e + "): " + excerpt(text));
    }
    switch (difference(reference, strict)) {
      case NUMBER -> throw new PropertyViolation("strict: a number differs: " + excerpt(text));
      case STRING -> throw new PropertyViolation("strict: a string differs: " + excerpt(text));
      case SHAPE -> throw new PropertyViolation("strict: the structure differs: " + excerpt(text));
      case NONE -> {}
    }
    Object permissive;
    try {
      permissive = new JSONParser(JSONParser.MODE_PERMISSIVE).parse(text);
    } catch (ParseException e) {
      throw new PropertyViolation("permissive json-smart rejects it (" + e + "): " + excerpt(text));
    }
    switch (difference(reference, permissive)) {
      case NUMBER -> throw new PropertyViolation("permissive: a number differs: " + excerpt(text));
      case STRING -> throw new PropertyViolation("permissive: a string differs: " + excerpt(text));
      case SHAPE ->
          throw new PropertyViolation("permissive: the structure differs: " + excerpt(text));
      case NONE -> {}
    }
    String printed = JSONValue.toJSONString(strict);
    JsonNode again = JsonFuzzer.strict(printed);
    if (again == null) {
      throw new PropertyViolation("json-smart prints what Jackson rejects: " + excerpt(printed));
    }
    if (difference(again, strict) != Difference.NONE) {
      throw new PropertyViolation("json-smart prints another value: " + excerpt(printed));
    }
  }

  private enum Difference {
    NONE,
    NUMBER,
    STRING,
    SHAPE
  }

  /** The first difference between Jackson's tree and json-smart's value, depth first. */
  private static Difference difference(JsonNode expected, Object actual) {
    if (expected.isNumber()) {
      if (!(actual instanceof Number number)) {
        return Difference.SHAPE;
      }
      BigDecimal exact = expected.decimalValue();
      boolean same =
          number instanceof Double || number instanceof Float
              ? number.doubleValue() == exact.doubleValue()
              : new BigDecimal(number.toString()).compareTo(exact) == 0;
      return same ? Difference.NONE : Difference.NUMBER;
    }
    if (expected.isTextual()) {
      if (!(actual instanceof String string)) {
        return Difference.SHAPE;
      }
      return string.equals(expected.textValue()) ? Difference.NONE : Difference.STRING;
    }
    if (expected.isBoolean()) {
      return Boolean.valueOf(expected.booleanValue()).equals(actual)
          ? Difference.NONE
          : Difference.SHAPE;
    }
    if (expected.isNull()) {
      return actual == null ? Difference.NONE : Difference.SHAPE;
    }
    if (expected.isArray()) {
      if (!(actual instanceof List<?> list) || list.size() != expected.size()) {
        return Difference.SHAPE;
      }
      for (int i = 0; i < list.size(); i++) {
        Difference inner = difference(expected.get(i), list.get(i));
        if (inner != Difference.NONE) {
          return inner;
        }
      }
      return Difference.NONE;
    }
    if (!(actual instanceof Map<?, ?> map) || map.size() != expected.size()) {
      return Difference.SHAPE;
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = expected.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      if (!map.containsKey(field.getKey())) {
        return Difference.SHAPE;
      }
      Difference inner = difference(field.getValue(), map.get(field.getKey()));
      if (inner != Difference.NONE) {
        return inner;
      }
    }
    return Difference.NONE;
  }
}
