package dev.whittle.cli;

import java.io.PrintWriter;
import picocli.CommandLine.Option;

/** {@code --jobs N}, shared by every command that reduces: one definition, one help text. */
final class JobsOption {
  static final String DESCRIPTION =
      "Make up to N runs at once where the search can use them; it finds what one job"
          + " finds, with more runs in less time. At most the number of processors the JVM"
          + " sees (a larger N is lowered to it, with a note). Default: ${DEFAULT-VALUE}.";

  @Option(
      names = "--jobs",
      paramLabel = "N",
      defaultValue = "1",
      converter = Converters.PositiveIntConverter.class,
      description = DESCRIPTION)
  int jobs;

  /**
   * The jobs to run: {@code --jobs}, lowered to the processors there are. Jobs beyond them only
   * make more runs ahead, which costs runs and no longer saves time; the note says so on {@code
   * err}.
   */
  int value(PrintWriter err) {
    int processors = Runtime.getRuntime().availableProcessors();
    if (jobs <= processors) {
      return jobs;
    }
    err.println(
        "whittle: --jobs "
            + jobs
            + " is more than the "
            + processors
            + " processors available; running "
            + processors
            + " jobs (more would only make more runs ahead, at no gain in time)");
    err.flush();
    return processors;
  }
}
