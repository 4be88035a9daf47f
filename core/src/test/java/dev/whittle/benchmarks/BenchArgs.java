package dev.whittle.benchmarks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Command-line options of the benchmark programs: {@code --name value}, {@code --name=value} and
 * bare flags such as {@code --csv}. Unknown options are an error, so that a typo does not silently
 * run the default configuration.
 */
final class BenchArgs {
  private final Map<String, String> values;

  private BenchArgs(Map<String, String> values) {
    this.values = values;
  }

  /**
   * Parses {@code args}.
   *
   * @param flags options that take no value
   * @param options options that take a value
   * @throws IllegalArgumentException for an unknown option or a missing value
   */
  static BenchArgs parse(String[] args, Set<String> flags, Set<String> options) {
    Map<String, String> values = new LinkedHashMap<>();
    List<String> rest = new ArrayList<>(Arrays.asList(args));
    for (int i = 0; i < rest.size(); i++) {
      String arg = rest.get(i).trim();
      if (arg.isEmpty()) {
        continue;
      }
      if (!arg.startsWith("--")) {
        throw new IllegalArgumentException("unexpected argument '" + arg + "'");
      }
      String name = arg.substring(2);
      String value = null;
      int eq = name.indexOf('=');
      if (eq >= 0) {
        value = name.substring(eq + 1);
        name = name.substring(0, eq);
      }
      if (flags.contains(name)) {
        if (value != null) {
          throw new IllegalArgumentException("--" + name + " takes no value");
        }
        values.put(name, "true");
      } else if (options.contains(name)) {
        if (value == null) {
          if (i + 1 >= rest.size()) {
            throw new IllegalArgumentException("--" + name + " needs a value");
          }
          value = rest.get(++i);
        }
        values.put(name, value);
      } else {
        throw new IllegalArgumentException("unknown option --" + name);
      }
    }
    return new BenchArgs(values);
  }

  boolean flag(String name) {
    return values.containsKey(name);
  }

  boolean has(String name) {
    return values.containsKey(name);
  }

  String get(String name, String fallback) {
    return values.getOrDefault(name, fallback);
  }

  int getInt(String name, int fallback) {
    String value = values.get(name);
    if (value == null) {
      return fallback;
    }
    try {
      return Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--" + name + " wants an integer, got '" + value + "'");
    }
  }

  long getLong(String name, long fallback) {
    String value = values.get(name);
    if (value == null) {
      return fallback;
    }
    try {
      return Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--" + name + " wants an integer, got '" + value + "'");
    }
  }

  double getDouble(String name, double fallback) {
    String value = values.get(name);
    if (value == null) {
      return fallback;
    }
    try {
      return Double.parseDouble(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--" + name + " wants a number, got '" + value + "'");
    }
  }

  /** A comma-separated list; blanks are dropped. */
  List<String> getList(String name, List<String> fallback) {
    String value = values.get(name);
    if (value == null) {
      return fallback;
    }
    List<String> out = new ArrayList<>();
    for (String part : value.split(",")) {
      String trimmed = part.trim().toLowerCase(Locale.ROOT);
      if (!trimmed.isEmpty()) {
        out.add(trimmed);
      }
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException("--" + name + " wants a comma-separated list");
    }
    return out;
  }
}
