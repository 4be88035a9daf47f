package dev.whittle.cli;

import java.time.Duration;

/**
 * {@code --deadline DURATION}, shared by the commands that stop a reduction early; each command's
 * model ({@link OptionSpecs#duration}) says what stops.
 */
final class DeadlineOption {
  Duration deadline;

  /** The deadline given, or null for no limit. */
  Duration value() {
    return deadline;
  }
}
