package dev.whittle.cli;

import picocli.CommandLine.Option;

/** {@code --jobs N}, shared by every command that reduces: one definition, one help text. */
final class JobsOption {
  @Option(
      names = "--jobs",
      paramLabel = "N",
      defaultValue = "1",
      converter = Converters.PositiveIntConverter.class,
      description =
          "Ask up to N questions at once where the search can use them; it finds what one job"
              + " finds, with more calls in less time. Default: ${DEFAULT-VALUE}.")
  int jobs;
}
