package dev.whittle.cli;

import java.nio.file.Path;
import java.util.Optional;

/**
 * {@code --output FILE}, shared by the commands that write a result; each command's model ({@link
 * OptionSpecs#path}) says what its default is.
 */
final class OutputOption {
  Path output;

  /** The file given, or empty for the command's default. */
  Optional<Path> value() {
    return Optional.ofNullable(output);
  }
}
