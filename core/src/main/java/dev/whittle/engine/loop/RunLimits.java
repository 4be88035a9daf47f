package dev.whittle.engine.loop;

import dev.whittle.api.Budget;
import dev.whittle.api.StopReason;
import dev.whittle.engine.sequence.StopReduction;

/** The budget's limits on runs, checked before each run the loop makes. */
final class RunLimits {
  private RunLimits() {}

  /**
   * Stops the reduction where the {@code runs} made so far reach the budget's maximum, or where the
   * runs since the smallest result so far, found at run {@code runsAtSmallest}, reach its patience.
   */
  static void check(Budget budget, long runs, long runsAtSmallest) {
    if (runs >= budget.maxRuns()) {
      throw new StopReduction(StopReason.MAX_RUNS);
    }
    if (runs - runsAtSmallest >= budget.patience()) {
      throw new StopReduction(StopReason.PATIENCE);
    }
  }
}
