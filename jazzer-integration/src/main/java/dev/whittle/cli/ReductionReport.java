package dev.whittle.cli;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.StopReason;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the command says when a reduction ends: one JSON object for machines, or a short summary for
 * people. Sizes count items at the chosen granularity; the byte counts are the files' sizes. The
 * reduced size is that of what was written: when the test command is flaky, not the search's result
 * but a larger one that passed its re-check ({@code verified} false).
 */
record ReductionReport(
    String input,
    String output,
    String algorithm,
    String granularity,
    int originalSize,
    int reducedSize,
    long originalBytes,
    long reducedBytes,
    long runs,
    long cacheHits,
    long unresolved,
    long milliseconds,
    boolean oneMinimal,
    boolean verified,
    long checkRuns,
    StopReason stopReason,
    List<TrajectoryStep> trajectory,
    Map<String, Long> runsPerPass) {
  /** Gson's classes load only for {@code --json}, not for the summary. */
  private static final class Json {
    static final Gson GSON = new GsonBuilder().disableHtmlEscaping().create();
  }

  static ReductionReport of(
      ReductionResult<?> result,
      String input,
      String output,
      Granularity granularity,
      long originalBytes,
      Written written,
      Map<String, Long> runsPerPass) {
    return new ReductionReport(
        input,
        output,
        result.algorithm(),
        granularity.toString(),
        result.originalSize(),
        written.size(),
        originalBytes,
        written.bytes(),
        result.runs(),
        result.cacheHits(),
        result.unresolved(),
        result.elapsed().toMillis(),
        // Only the search's own result can be 1-minimal, and only if the test still says so.
        result.oneMinimal() && written.verified(),
        written.verified(),
        written.checkRuns(),
        result.stopReason(),
        TrajectoryStep.of(result),
        runsPerPass);
  }

  /**
   * What was written at the end.
   *
   * @param size items at the granularity
   * @param bytes the file's size
   * @param verified whether it is the search's result and passed its re-check
   * @param checkRuns runs of the test command outside the search: the repeated checks of INPUT
   *     after the first, and the re-checks of results
   */
  record Written(int size, long bytes, boolean verified, long checkRuns) {}

  /** One line of JSON; its fields are this record's components. */
  String toJson() {
    return Json.GSON.toJson(this);
  }

  /** Two or three lines: sizes before and after, cost, and where the result is. */
  String toSummary() {
    StringBuilder summary = new StringBuilder();
    summary.append(
        String.format(
            Locale.ROOT,
            "Reduced %s from %s with %s in %.1f s: %d test runs and %d to check, %d cache"
                + " hits%s.%n",
            input,
            sizes(),
            algorithm,
            milliseconds / 1000.0,
            runs,
            checkRuns,
            cacheHits,
            oneMinimal ? ", 1-minimal" : ""));
    if (!verified && stopReason == StopReason.INTERRUPTED) {
      summary.append(
          String.format(Locale.ROOT, "Interrupted: the result was not checked again.%n"));
    } else if (!verified) {
      summary.append(
          String.format(
              Locale.ROOT,
              "NOT VERIFIED: the test command is flaky; the result is the smallest one that passed"
                  + " its re-check, not the search's.%n"));
    }
    if (stopReason != StopReason.COMPLETED) {
      summary.append(
          String.format(
              Locale.ROOT,
              "Stopped early (%s): the result is the smallest found so far.%n",
              stopReason.name().toLowerCase(Locale.ROOT)));
    }
    summary.append(String.format(Locale.ROOT, "Wrote %s%n", output));
    return summary.toString();
  }

  private String sizes() {
    String bytes = originalBytes + " to " + reducedBytes + " bytes";
    if (granularity.equals(Granularity.BYTES.toString())) {
      return bytes;
    }
    return originalSize + " to " + reducedSize + " " + granularity + " (" + bytes + ")";
  }
}
