package dev.whittle.cli;

import picocli.CommandLine.Option;

/**
 * {@code --no-value-reduction}, shared by the commands that run a fuzz target's passes; each
 * command says under the key {@value #KEY} of its resource bundle what is left.
 */
final class ValueReductionOption {
  static final String KEY = "no-value-reduction";

  @Option(names = "--no-value-reduction", descriptionKey = KEY)
  boolean noValueReduction;

  /** Whether the passes run. */
  boolean enabled() {
    return !noValueReduction;
  }
}
