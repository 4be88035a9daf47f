package dev.whittle.cli;

import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * {@code --output FILE}, shared by the commands that write a result; each command says under the
 * key {@value #KEY} of its resource bundle what its default is.
 */
final class OutputOption {
  static final String KEY = "output";

  @Option(names = "--output", paramLabel = "FILE", descriptionKey = KEY)
  Path output;

  /** The file given, or empty for the command's default. */
  Optional<Path> value() {
    return Optional.ofNullable(output);
  }
}
