package dev.whittle.engine.loop;

import dev.whittle.api.Budget;
import dev.whittle.api.StopReason;
import dev.whittle.engine.sequence.StopReduction;

/** The budget's limits on oracle calls, checked before each call the loop makes. */
final class CallLimits {
  private CallLimits() {}

  /**
   * Stops the reduction where {@code calls} made so far reach the budget's maximum, or where the
   * calls since the smallest result so far, found at call {@code callsAtSmallest}, reach its
   * patience.
   */
  static void check(Budget budget, long calls, long callsAtSmallest) {
    if (calls >= budget.maxCalls()) {
      throw new StopReduction(StopReason.MAX_CALLS);
    }
    if (calls - callsAtSmallest >= budget.patience()) {
      throw new StopReduction(StopReason.PATIENCE);
    }
  }
}
