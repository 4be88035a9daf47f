package dev.whittle.jazzer.corpus;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Runs of the target per stage of a corpus minimization, in the order the stages first ran: the
 * figures that show where a minimization's time goes whatever the machine's load. Stages run one
 * after the other, so a stage's runs are the pool's runs from its start to its end. Thread-safe.
 */
final class StageRuns {
  static final String WARM_UP = "warm-up";
  static final String FIRST_RUN = "first run";
  static final String SECOND_RUN = "second run";
  static final String SHRINKING = "shrinking";
  static final String CONFIRMATION = "confirming shrunk files";
  static final String FINAL_CHECK = "final check";

  private final LongSupplier runs;
  private final Map<String, Long> byStage = new LinkedHashMap<>();

  /** Counts from {@code runs}, the runs of the target so far. */
  StageRuns(LongSupplier runs) {
    this.runs = runs;
  }

  /** The runs of the target so far, to hand back to {@link #since} when the stage ends. */
  long mark() {
    return runs.getAsLong();
  }

  /** The runs since {@code mark} count for {@code stage}. */
  void since(String stage, long mark) {
    add(stage, runs.getAsLong() - mark);
  }

  /** {@code count} more runs count for {@code stage}. */
  synchronized void add(String stage, long count) {
    byStage.merge(stage, count, Long::sum);
  }

  /** The runs per stage so far, in stage order. */
  synchronized Map<String, Long> asMap() {
    return Collections.unmodifiableMap(new LinkedHashMap<>(byStage));
  }

  /** One line for the log: each stage with its runs. */
  synchronized String describe() {
    StringBuilder line = new StringBuilder();
    for (Map.Entry<String, Long> stage : byStage.entrySet()) {
      line.append(line.length() == 0 ? "" : ", ")
          .append(stage.getKey())
          .append(' ')
          .append(String.format(java.util.Locale.ROOT, "%,d", stage.getValue()));
    }
    return line.toString();
  }
}
