package dev.whittle.cli;

import picocli.CommandLine.Option;

/**
 * {@code -h} and {@code --help}, for the commands whose arguments are all their own ({@code reduce}
 * has {@code --help} only: {@code -h} could be an argument of its test command).
 */
final class HelpOption {
  static final String DESCRIPTION = "Show this help and exit.";

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = DESCRIPTION)
  boolean help;
}
