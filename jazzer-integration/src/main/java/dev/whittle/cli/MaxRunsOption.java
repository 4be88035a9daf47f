package dev.whittle.cli;

import picocli.CommandLine.Option;

/**
 * {@code --max-runs N}, shared by the commands that stop a search after so many runs; each command
 * says under the key {@value #KEY} of its resource bundle which runs count.
 */
final class MaxRunsOption {
  static final String NAME = "--max-runs";

  static final String KEY = "max-runs";

  @Option(names = NAME, paramLabel = "N", descriptionKey = KEY)
  Long maxRuns;
}
