package dev.whittle.jazzer.hook;

import dev.whittle.api.Durations;
import java.time.Duration;
import java.util.Optional;

/**
 * The agent's options, from {@code -javaagent:whittle.jar=OPTIONS}: comma-separated {@code
 * key=value} pairs.
 *
 * <ul>
 *   <li>{@code budget=DURATION}: how long the hook may take for all crash files of the run together
 *       (default {@link #DEFAULT_BUDGET}); when it runs out, the crash file in progress gets its
 *       smallest input so far and the rest are left alone.
 *   <li>{@code timeout=DURATION}: how long one run of the target may take (default {@link
 *       #DEFAULT_RUN_TIMEOUT}).
 *   <li>{@code artifact_prefix=PREFIX}: where Jazzer writes its crash files, when it cannot be read
 *       from the JVM's command line (libFuzzer's {@code -artifact_prefix}, default {@code ./}). As
 *       the last option it may contain commas.
 * </ul>
 *
 * @param artifactPrefix empty to read it from the command line
 */
record HookOptions(Duration budget, Duration runTimeout, Optional<String> artifactPrefix) {
  static final Duration DEFAULT_BUDGET = Duration.ofSeconds(30);
  static final Duration DEFAULT_RUN_TIMEOUT = Duration.ofSeconds(5);

  /**
   * Parses the agent's argument string, null or empty for the defaults.
   *
   * @throws IllegalArgumentException naming what is wrong
   */
  static HookOptions parse(String text) {
    Duration budget = DEFAULT_BUDGET;
    Duration runTimeout = DEFAULT_RUN_TIMEOUT;
    Optional<String> prefix = Optional.empty();
    String rest = text == null ? "" : text;
    while (!rest.isEmpty()) {
      if (rest.startsWith("artifact_prefix=")) {
        prefix = Optional.of(rest.substring("artifact_prefix=".length()));
        break;
      }
      int comma = rest.indexOf(',');
      String option = comma < 0 ? rest : rest.substring(0, comma);
      rest = comma < 0 ? "" : rest.substring(comma + 1);
      int equals = option.indexOf('=');
      String key = equals < 0 ? option : option.substring(0, equals);
      String value = equals < 0 ? "" : option.substring(equals + 1);
      switch (key) {
        case "budget" -> budget = Durations.parse(value);
        case "timeout" -> runTimeout = Durations.parse(value);
        default ->
            throw new IllegalArgumentException(
                "unknown option '"
                    + option
                    + "' (known: budget=DURATION, timeout=DURATION, artifact_prefix=PREFIX)");
      }
    }
    return new HookOptions(budget, runTimeout, prefix);
  }
}
