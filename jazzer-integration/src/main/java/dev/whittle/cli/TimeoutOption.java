package dev.whittle.cli;

import java.time.Duration;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * {@code --timeout DURATION}, shared by every command that runs something per candidate. What a
 * timeout means differs (a killed test command, a timeout finding), so each command describes it
 * under the key {@value #KEY} of its resource bundle; the syntax is the same everywhere.
 */
final class TimeoutOption {
  static final String KEY = "timeout";

  /** The part of every description that says how to write a duration. */
  static final String SYNTAX = "Milliseconds (500), with a unit (2s, 1.5m) or ISO-8601 (PT2S).";

  @Option(
      names = "--timeout",
      paramLabel = "DURATION",
      converter = Converters.DurationConverter.class,
      descriptionKey = KEY)
  Duration timeout;

  /** The timeout given, or empty; a command with a default applies it. */
  Optional<Duration> value() {
    return Optional.ofNullable(timeout);
  }
}
