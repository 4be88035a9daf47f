package dev.whittle.samples.parsers;

import static dev.whittle.samples.parsers.PropertyViolation.excerpt;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Map;
import org.json.JSONArray;
import org.json.JSONException;
import org.json.JSONObject;

/**
 * Jazzer target over org.json ({@code org.json:json}), a lenient JSON parser (it also takes
 * unquoted keys and values, single quotes and more), differentially against Jackson ({@code
 * com.fasterxml.jackson.core:jackson-databind}) as the strict reference: RFC 8259, duplicate keys
 * rejected. org.json's documented parse error is {@link JSONException}, Jackson's {@link
 * JsonProcessingException}. The properties: org.json takes every object and array Jackson takes,
 * and prints the same value; whatever org.json takes, the value it prints parses back to a similar
 * value that prints the same.
 */
public final class JsonFuzzer {
  private static final ObjectMapper STRICT =
      new ObjectMapper()
          .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS);

  private JsonFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    String text = new String(data, StandardCharsets.UTF_8);
    JsonNode strict = strict(text);
    Object value;
    try {
      value = parse(text);
    } catch (JSONException e) {
      if (strict != null && strict.isContainerNode()) {
        throw new PropertyViolation("org.json rejects valid JSON (" + e.getMessage() + ")");
      }
      return;
    }
    String printed = value.toString();
    if (strict != null && strict.isContainerNode() && !same(strict, strict(printed))) {
      throw new PropertyViolation("org.json prints another value: " + excerpt(printed));
    }
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
  }

  /** An array if the text starts with {@code [}, else an object. */
  static Object parse(String text) {
    return text.stripLeading().startsWith("[") ? new JSONArray(text) : new JSONObject(text);
  }

  /** Jackson's tree of the text, or null if it is not strict JSON. */
  static JsonNode strict(String text) {
    try {
      return STRICT.readTree(text);
    } catch (JsonProcessingException e) {
      return null;
    }
  }

  private static boolean similar(Object a, Object b) {
    return a instanceof JSONObject o ? o.similar(b) : ((JSONArray) a).similar(b);
  }

  /** Equal trees, numbers compared by value (1.0 is 1, 1E+2 is 100). */
  private static boolean same(JsonNode a, JsonNode b) {
    if (a == null || b == null) {
      return false;
    }
    if (a.isNumber() && b.isNumber()) {
      return a.decimalValue().compareTo(b.decimalValue()) == 0;
    }
    if (a.isObject() && b.isObject()) {
      if (a.size() != b.size()) {
        return false;
      }
      for (Iterator<Map.Entry<String, JsonNode>> it = a.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> field = it.next();
        if (!same(field.getValue(), b.get(field.getKey()))) {
          return false;
        }
      }
      return true;
    }
    if (a.isArray() && b.isArray()) {
      if (a.size() != b.size()) {
        return false;
      }
      for (int i = 0; i < a.size(); i++) {
        if (!same(a.get(i), b.get(i))) {
          return false;
        }
      }
      return true;
    }
    return a.equals(b);
  }
}
