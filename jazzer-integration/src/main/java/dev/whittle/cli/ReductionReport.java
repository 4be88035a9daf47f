package dev.whittle.cli;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.StopReason;
import java.util.List;
import java.util.Locale;

/**
 * What the command says when a reduction ends: one JSON object for machines, or a short summary for
 * people. Sizes count items at the chosen granularity; the byte counts are the files' sizes.
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
    long oracleCalls,
    long cacheHits,
    long unresolved,
    long milliseconds,
    boolean oneMinimal,
    StopReason stopReason,
    List<TrajectoryStep> trajectory) {
  private static final Gson GSON = new GsonBuilder().disableHtmlEscaping().create();

  static ReductionReport of(
      ReductionResult<?> result,
      String input,
      String output,
      Granularity granularity,
      long originalBytes,
      long reducedBytes) {
    return new ReductionReport(
        input,
        output,
        result.algorithm(),
        granularity.toString(),
        result.originalSize(),
        result.reducedSize(),
        originalBytes,
        reducedBytes,
        result.oracleCalls(),
        result.cacheHits(),
        result.unresolved(),
        result.elapsed().toMillis(),
        result.oneMinimal(),
        result.stopReason(),
        TrajectoryStep.of(result));
  }

  /** One line of JSON; its fields are this record's components. */
  String toJson() {
    return GSON.toJson(this);
  }

  /** Two or three lines: sizes before and after, cost, and where the result is. */
  String toSummary() {
    StringBuilder summary = new StringBuilder();
    summary.append(
        String.format(
            Locale.ROOT,
            "Reduced %s from %s with %s in %.1f s: %d test runs, %d cache hits%s.%n",
            input,
            sizes(),
            algorithm,
            milliseconds / 1000.0,
            oracleCalls,
            cacheHits,
            oneMinimal ? ", 1-minimal" : ""));
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
