package dev.whittle.cli;

import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * {@code --deadline DURATION}, shared by the commands that stop a reduction early; each command
 * says under the key {@value #KEY} of its resource bundle what stops.
 */
final class DeadlineOption {
  static final String KEY = "deadline";

  @Option(
      names = "--deadline",
      paramLabel = "DURATION",
      converter = Converters.DurationConverter.class,
      descriptionKey = KEY)
  Duration deadline;

  /** The deadline given, or null for no limit. */
  Duration value() {
    return deadline;
  }
}
