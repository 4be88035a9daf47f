package dev.whittle.jazzer.values;

import java.lang.reflect.Array;
import java.lang.reflect.RecordComponent;
import java.util.Collection;
import java.util.Iterator;
import java.util.Map;

/**
 * Decoded values as a reader of a test report wants them: strings and chars quoted and escaped like
 * Java literals, arrays, lists and sets in brackets, maps in braces, records with their components
 * rendered the same way; anything else by {@code toString}.
 */
final class ArgumentRenderer {
  private ArgumentRenderer() {}

  static String render(Object value) {
    StringBuilder out = new StringBuilder();
    render(value, out);
    return out.toString();
  }

  private static void render(Object value, StringBuilder out) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof String s) {
      quote(s, '"', out);
    } else if (value instanceof Character c) {
      quote(String.valueOf(c), '\'', out);
    } else if (value.getClass().isArray()) {
      out.append('[');
      for (int i = 0; i < Array.getLength(value); i++) {
        out.append(i == 0 ? "" : ", ");
        render(Array.get(value, i), out);
      }
      out.append(']');
    } else if (value instanceof Collection<?> collection) {
      out.append('[');
      renderAll(collection.iterator(), out);
      out.append(']');
    } else if (value instanceof Map<?, ?> map) {
      out.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        out.append(first ? "" : ", ");
        first = false;
        render(entry.getKey(), out);
        out.append('=');
        render(entry.getValue(), out);
      }
      out.append('}');
    } else if (value.getClass().isRecord()) {
      renderRecord(value, out);
    } else {
      out.append(value);
    }
  }

  private static void renderAll(Iterator<?> values, StringBuilder out) {
    boolean first = true;
    while (values.hasNext()) {
      out.append(first ? "" : ", ");
      first = false;
      render(values.next(), out);
    }
  }

  private static void renderRecord(Object record, StringBuilder out) {
    out.append(record.getClass().getSimpleName()).append('[');
    RecordComponent[] components = record.getClass().getRecordComponents();
    for (int i = 0; i < components.length; i++) {
      out.append(i == 0 ? "" : ", ").append(components[i].getName()).append('=');
      try {
        var accessor = components[i].getAccessor();
        accessor.setAccessible(true);
        render(accessor.invoke(record), out);
      } catch (ReflectiveOperationException | RuntimeException e) {
        out.append('?'); // Not accessible from here; the rest of the record still helps.
      }
    }
    out.append(']');
  }

  private static void quote(String s, char quote, StringBuilder out) {
    out.append(quote);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '\\' -> out.append("\\\\");
        default -> {
          if (c == quote) {
            out.append('\\').append(c);
          } else if (Character.isHighSurrogate(c)
              && i + 1 < s.length()
              && Character.isLowSurrogate(s.charAt(i + 1))) {
            out.append(c).append(s.charAt(++i)); // A valid pair prints as its character.
          } else if (c < 0x20 || (c >= 0x7f && c < 0xa0) || Character.isSurrogate(c)) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append(quote);
  }
}
