package dev.whittle.jazzer.targets;

import static java.nio.charset.StandardCharsets.ISO_8859_1;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Two bugs that overflow the stack in two different recursions, each through several mutually
 * recursive methods, so that the frame where an overflow strikes varies:
 *
 * <ul>
 *   <li>Nesting: text starting with {@code [} is read as a nested list ({@code [1,[2,[]]]}) by a
 *       recursive-descent reader, {@code value -> list -> items -> value}, without a depth limit.
 *       Its depth is bound by the input: a few thousand levels overflow a fresh JVM's default
 *       stack, and how many exactly moves with the JIT's state.
 *   <li>Aliases: every line {@code name=target} defines an alias, resolved by {@code resolve ->
 *       follow -> resolve} without looking for cycles: {@code a=a} overflows at any stack size.
 * </ul>
 *
 * <p>The nesting is read first, and a malformed or unfinished one is rejected quietly, so an input
 * with both bugs overflows in the nesting.
 */
public final class RecursionsTarget {
  private RecursionsTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {
    String text = new String(data, ISO_8859_1);
    if (text.startsWith("[")) {
      try {
        new Nesting(text).value();
      } catch (IllegalArgumentException malformed) {
        // Rejected as designed.
      }
    }
    new Aliases(text).resolveAll();
  }

  private static final class Nesting {
    private final String text;
    private int position;

    Nesting(String text) {
      this.text = text;
    }

    Object value() {
      if (position >= text.length()) {
        throw new IllegalArgumentException("value expected at " + position);
      }
      char next = text.charAt(position);
      if (next == '[') {
        return list();
      }
      if (next >= '0' && next <= '9') {
        position++;
        return next - '0';
      }
      throw new IllegalArgumentException("unexpected " + next);
    }

    List<Object> list() {
      position++;
      List<Object> items = new ArrayList<>();
      items(items);
      return items;
    }

    void items(List<Object> items) {
      while (true) {
        if (position >= text.length()) {
          throw new IllegalArgumentException("unclosed list");
        }
        if (text.charAt(position) == ']') {
          position++;
          return;
        }
        items.add(value());
        if (position < text.length() && text.charAt(position) == ',') {
          position++;
        }
      }
    }
  }

  private static final class Aliases {
    private final Map<String, String> targets = new HashMap<>();

    Aliases(String text) {
      for (String line : text.split("\n")) {
        int equals = line.indexOf('=');
        if (equals > 0) {
          targets.put(line.substring(0, equals), line.substring(equals + 1));
        }
      }
    }

    void resolveAll() {
      for (String name : targets.keySet()) {
        resolve(name);
      }
    }

    String resolve(String name) {
      String target = targets.get(name);
      return target == null ? name : follow(target);
    }

    String follow(String target) {
      return resolve(target.strip());
    }
  }
}
