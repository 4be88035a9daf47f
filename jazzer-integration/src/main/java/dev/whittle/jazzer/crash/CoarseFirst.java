package dev.whittle.jazzer.crash;

import dev.whittle.api.Algorithms;
import dev.whittle.api.Budget;
import dev.whittle.api.Improvement;
import dev.whittle.api.ImprovementListener;
import dev.whittle.api.Oracle;
import dev.whittle.api.ProgressListener;
import dev.whittle.api.Reduction;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.Whittle;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Plain ddmin from the crash before the usual search, for findings whose every run is cheap: an
 * out-of-memory error that an allocation check gives ends at once, as do most of its candidates.
 *
 * <p>The usual search deletes item by item and runs the passes first, and on a binary format it can
 * settle in a 1-minimal result that keeps a whole section which ddmin's coarse chunks of the
 * original take off at once (a 7z archive's pack information: 109 bytes where ddmin keeps 91); the
 * chunk check at the end splits the settled result, not the original, so its chunks no longer line
 * up with the section. Starting from ddmin's result, the usual search and its passes go on from
 * there, on an input a fraction of the size.
 */
final class CoarseFirst {
  private CoarseFirst() {}

  /** ddmin from {@code crash} with {@code budget}, telling the listeners as the search does. */
  static ReductionResult<byte[]> ddmin(
      byte[] crash,
      Budget budget,
      int jobs,
      ImprovementListener improvements,
      List<ProgressListener> progress,
      Oracle<byte[]> oracle) {
    Reduction<byte[]> reduction =
        Whittle.reduce(SequenceInputs.bytes(crash))
            .withAlgorithm(Algorithms.ddmin())
            .withBudget(budget)
            .withJobs(jobs)
            .withImprovementListener(improvements);
    for (ProgressListener listener : progress) {
      reduction = reduction.withProgressListener(listener);
    }
    return reduction.run(oracle);
  }

  /** What is left of {@code budget} after {@code spent}. */
  static Budget remaining(Budget budget, ReductionResult<byte[]> spent) {
    Budget left = Budget.unlimited();
    if (budget.maxCalls() != Long.MAX_VALUE) {
      left = left.withMaxCalls(Math.max(1, budget.maxCalls() - spent.oracleCalls()));
    }
    if (budget.deadline().isPresent()) {
      Duration rest = budget.deadline().get().minus(spent.elapsed());
      left =
          left.withDeadline(rest.compareTo(Duration.ofMillis(1)) < 0 ? Duration.ofMillis(1) : rest);
    }
    return budget.patience() == Long.MAX_VALUE ? left : left.withPatience(budget.patience());
  }

  /** One result of the two stages, as if one search had made both, from {@code originalSize}. */
  static ReductionResult<byte[]> joined(
      int originalSize, ReductionResult<byte[]> coarse, ReductionResult<byte[]> fine) {
    List<Improvement> trajectory = new ArrayList<>(coarse.trajectory());
    for (Improvement step : fine.trajectory()) {
      if (step.size() < coarse.reducedSize()) {
        trajectory.add(
            new Improvement(
                coarse.oracleCalls() + step.oracleCalls(),
                coarse.elapsed().plus(step.elapsed()),
                step.size()));
      }
    }
    return new ReductionResult<>(
        fine.reduced(),
        coarse.algorithm() + ", then " + fine.algorithm(),
        originalSize,
        fine.reducedSize(),
        coarse.oracleCalls() + fine.oracleCalls(),
        coarse.cacheHits() + fine.cacheHits(),
        coarse.unresolved() + fine.unresolved(),
        coarse.elapsed().plus(fine.elapsed()),
        fine.oneMinimal(),
        fine.stopReason(),
        trajectory);
  }
}
