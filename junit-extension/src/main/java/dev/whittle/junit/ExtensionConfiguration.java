package dev.whittle.junit;

import static com.google.common.base.Preconditions.checkArgument;

import dev.whittle.api.Algorithm;
import dev.whittle.api.Algorithms;
import dev.whittle.api.Durations;
import dev.whittle.junit.api.WhittleConfiguration;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.extension.ExtensionContext;

/** The {@code whittle.*} configuration parameters of one test run, parsed. */
record ExtensionConfiguration(
    boolean enabled,
    Algorithm algorithm,
    Duration timeBudget,
    Duration runTimeout,
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
    return of(key -> context.getConfigurationParameter(key).map(String::trim));
  }

  /** Reads the parameters from {@code values}, a key's value or empty where it is not set. */
  static ExtensionConfiguration of(Function<String, Optional<String>> values) {
    return new ExtensionConfiguration(
        bool(values, WhittleConfiguration.ENABLED, true),
        values
            .apply(WhittleConfiguration.ALGORITHM)
            .map(ExtensionConfiguration::algorithmNamed)
            .orElseGet(Algorithms::defaultAlgorithm),
        duration(
            values, WhittleConfiguration.TIME_BUDGET, WhittleConfiguration.DEFAULT_TIME_BUDGET),
        duration(values, runTimeoutKey(values), WhittleConfiguration.DEFAULT_RUN_TIMEOUT),
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

  /**
   * {@link WhittleConfiguration#RUN_TIMEOUT}, or its earlier name where only that is set, so that a
   * configuration file written before the rename keeps its timeout.
   *
   * @throws IllegalArgumentException if both are set
   */
  private static String runTimeoutKey(Function<String, Optional<String>> values) {
    String earlier = WhittleConfiguration.EARLIER_RUN_TIMEOUT;
    boolean hasEarlier = values.apply(earlier).isPresent();
    checkArgument(
        !(hasEarlier && values.apply(WhittleConfiguration.RUN_TIMEOUT).isPresent()),
        "%s is the earlier name of %s: set one of them",
        earlier,
        WhittleConfiguration.RUN_TIMEOUT);
    return hasEarlier ? earlier : WhittleConfiguration.RUN_TIMEOUT;
  }

  private static Duration duration(
      Function<String, Optional<String>> values, String key, String fallback) {
    return parseDuration(key, values.apply(key).orElse(fallback));
  }

  /**
   * A positive duration as the command line writes it ({@link Durations#parse}: {@code 500ms},
   * {@code 2s}, {@code 1.5m}, {@code 1h}, plain milliseconds or ISO-8601), its message naming the
   * key, since a configuration parameter can come from a file the user does not have open.
   */
  static Duration parseDuration(String key, String value) {
    try {
      return Durations.parse(value);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(key + ": " + e.getMessage(), e);
    }
  }
}
