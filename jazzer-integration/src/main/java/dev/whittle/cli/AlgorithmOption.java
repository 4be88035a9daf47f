package dev.whittle.cli;

import dev.whittle.api.Algorithm;
import dev.whittle.api.Algorithms;
import picocli.CommandLine.Option;

/**
 * {@code --algorithm NAME}, shared by every command that reduces: one definition, one help text.
 */
final class AlgorithmOption {
  static final String DESCRIPTION = "One of ${COMPLETION-CANDIDATES}. Default: ${DEFAULT-VALUE}.";

  @Option(
      names = "--algorithm",
      paramLabel = "NAME",
      defaultValue = Algorithms.ENTROPY,
      converter = Converters.AlgorithmConverter.class,
      completionCandidates = Converters.AlgorithmNames.class,
      description = DESCRIPTION)
  Algorithm algorithm;
}
