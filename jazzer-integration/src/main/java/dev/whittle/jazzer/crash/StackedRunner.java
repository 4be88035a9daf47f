package dev.whittle.jazzer.crash;

import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.MatchMode;
import dev.whittle.jazzer.api.Verification;
import dev.whittle.jazzer.target.TargetRunner;

/**
 * The runner a reduction runs on, on the stack it was opened with, and the runs of a runner given
 * up for it.
 */
record StackedRunner(TargetRunner runner, long stackBytes, long runsGivenUp)
    implements AutoCloseable {
  /** A runner on the default stack, for a plan without a stack of its own. */
  static StackedRunner open(RunnerPlan plan) {
    return new StackedRunner(TargetRunner.open(plan.options(), plan.freshTargetPerRun(), 0), 0, 0);
  }

  /**
   * A runner on the plan's worker stack if the crash gives its finding there, else on the default
   * stack: a crash found at the default stack may not overflow a larger one, and is then reduced
   * without the margin.
   */
  static StackedRunner open(RunnerPlan plan, byte[] crash, Finding original, MatchMode matchMode) {
    if (plan.stackBytes() == 0) {
      return open(plan);
    }
    TargetRunner larger =
        TargetRunner.open(plan.options(), plan.freshTargetPerRun(), plan.stackBytes());
    Finding there;
    try {
      there = larger.run(crash);
    } catch (RuntimeException | Error e) {
      larger.close();
      throw e;
    }
    if (there != null && matchMode.matches(original, there)) {
      return new StackedRunner(larger, plan.stackBytes(), 0);
    }
    long runs = larger.runs();
    larger.close();
    return new StackedRunner(
        TargetRunner.open(plan.options(), plan.freshTargetPerRun(), 0), 0, runs);
  }

  long runs() {
    return runsGivenUp + runner.runs();
  }

  /** The verification, with the stack the reduction ran on where it was not the default. */
  Verification describe(Verification verification) {
    if (stackBytes == 0) {
      return verification;
    }
    return new Verification(
        verification.verified(),
        verification.method(),
        verification.detail() + "; reduced on a " + (stackBytes >> 10) + " KiB stack");
  }

  @Override
  public void close() {
    runner.close();
  }
}
