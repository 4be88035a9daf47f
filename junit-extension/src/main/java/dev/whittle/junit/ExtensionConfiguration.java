package dev.whittle.junit;

import static com.google.common.base.Preconditions.checkArgument;

import dev.whittle.api.Algorithm;
import dev.whittle.api.Algorithms;
import dev.whittle.junit.api.WhittleConfiguration;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.extension.ExtensionContext;

/** The {@code whittle.*} configuration parameters of one test run, parsed. */
record ExtensionConfiguration(
    boolean enabled,
    Algorithm algorithm,
    Duration timeBudget,
    Duration callTimeout,
    Optional<Path> resourcesRoot,
    boolean rewriteInputs,
    Optional<Path> outputDirectory) {

  /** Whether shrinking is on: anything but {@code false} leaves it on. */
  static boolean enabled(ExtensionContext context) {
    return !context
        .getConfigurationParameter(WhittleConfiguration.ENABLED)
        .map(v -> v.trim().equalsIgnoreCase("false"))
        .orElse(false);
  }

  /**
   * Reads the parameters visible from {@code context}.
   *
   * @throws IllegalArgumentException naming the key whose value is malformed
   */
  static ExtensionConfiguration of(ExtensionContext context) {
    Function<String, Optional<String>> values =
        key -> context.getConfigurationParameter(key).map(String::trim);
    return new ExtensionConfiguration(
        bool(values, WhittleConfiguration.ENABLED, true),
        values
            .apply(WhittleConfiguration.ALGORITHM)
            .map(ExtensionConfiguration::algorithmNamed)
            .orElseGet(Algorithms::defaultAlgorithm),
        duration(
            values, WhittleConfiguration.TIME_BUDGET, WhittleConfiguration.DEFAULT_TIME_BUDGET),
        duration(
            values, WhittleConfiguration.CALL_TIMEOUT, WhittleConfiguration.DEFAULT_CALL_TIMEOUT),
        values.apply(WhittleConfiguration.RESOURCES_ROOT).map(Path::of),
        bool(values, WhittleConfiguration.REWRITE_INPUTS, true),
        values.apply(WhittleConfiguration.OUTPUT_DIRECTORY).map(Path::of));
  }

  private static Algorithm algorithmNamed(String name) {
    try {
      return Algorithms.named(name);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(WhittleConfiguration.ALGORITHM + ": " + e.getMessage(), e);
    }
  }

  /**
   * The boolean parameter {@code key} of {@code values}, or {@code fallback} without one.
   *
   * @throws IllegalArgumentException naming the key if its value is neither true nor false
   */
  static boolean bool(Function<String, Optional<String>> values, String key, boolean fallback) {
    Optional<String> value = values.apply(key);
    if (value.isEmpty()) {
      return fallback;
    }
    String v = value.get().toLowerCase(Locale.ROOT);
    checkArgument(
        v.equals("true") || v.equals("false"), "%s must be true or false, was '%s'", key, v);
    return v.equals("true");
  }

  private static Duration duration(
      Function<String, Optional<String>> values, String key, String fallback) {
    String value = values.apply(key).orElse(fallback);
    Duration parsed = parseDuration(key, value);
    checkArgument(
        !parsed.isNegative() && !parsed.isZero(), "%s must be positive, was '%s'", key, value);
    return parsed;
  }

  /**
   * {@code 500ms}, {@code 2s}, {@code 1.5m}, {@code 1h}, a plain number of milliseconds, or ISO.
   */
  static Duration parseDuration(String key, String value) {
    String v = value.trim().toLowerCase(Locale.ROOT);
    try {
      if (v.startsWith("p")) {
        return Duration.parse(value.trim().toUpperCase(Locale.ROOT));
      }
      long nanosPerUnit;
      String number;
      if (v.endsWith("ms")) {
        nanosPerUnit = 1_000_000L;
        number = v.substring(0, v.length() - 2);
      } else if (v.endsWith("s")) {
        nanosPerUnit = 1_000_000_000L;
        number = v.substring(0, v.length() - 1);
      } else if (v.endsWith("m")) {
        nanosPerUnit = 60_000_000_000L;
        number = v.substring(0, v.length() - 1);
      } else if (v.endsWith("h")) {
        nanosPerUnit = 3_600_000_000_000L;
        number = v.substring(0, v.length() - 1);
      } else {
        nanosPerUnit = 1_000_000L;
        number = v;
      }
      BigDecimal nanos = new BigDecimal(number.trim()).multiply(BigDecimal.valueOf(nanosPerUnit));
      return Duration.ofNanos(nanos.longValueExact());
    } catch (NumberFormatException | ArithmeticException | DateTimeParseException e) {
      throw new IllegalArgumentException(
          key + " must be a duration such as 500ms, 2s, 1.5m or PT2S, was '" + value + "'", e);
    }
  }
}
