package dev.whittle.jazzer.crash;

import dev.whittle.jazzer.api.CrashMinimizer;
import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.TargetOptions;
import dev.whittle.jazzer.target.TargetRunner;
import java.time.Duration;

/**
 * How a minimization opens the runners it reduces with, and what an earlier runner left it: a
 * minimization restarts with a new plan when the crash's finding needs other runners (a resource
 * finding: a fresh target per run and a per-run deadline; a stack overflow: a larger stack).
 *
 * @param options the target and how it runs; the call timeout may be a {@link ResourceRunDeadline}
 * @param freshTargetPerRun whether each run gets a freshly loaded target
 * @param stackBytes the worker stack to reduce on ({@link OverflowStack}), 0 for the default
 * @param verificationTimeout the per-run timeout of the fresh JVMs that verify: the user's
 * @param runsBefore runs of an earlier runner given up for this plan, which count too
 * @param established the crash's finding as an earlier runner established it, or null to establish
 *     it with this plan. Kept rather than established again: HotSpot gives only the first few
 *     out-of-memory errors of a JVM a stack trace, so a later check could see a frameless one.
 * @param checkAllocations whether the target's array allocations larger than the heap throw at once
 *     ({@link dev.whittle.jazzer.target.AllocationCheck}): for an out-of-memory finding, whose
 *     candidates then neither fill the heap nor lose their frames; the fresh JVMs that verify
 *     allocate as the JVM does
 */
record RunnerPlan(
    TargetOptions options,
    boolean freshTargetPerRun,
    long stackBytes,
    Duration verificationTimeout,
    long runsBefore,
    Finding established,
    boolean checkAllocations) {
  /** The plan the user's settings give, before the crash's finding is known. */
  static RunnerPlan first(CrashMinimizer minimizer) {
    return new RunnerPlan(
        minimizer.options(),
        minimizer.freshLoaderPerRun(),
        0,
        minimizer.runTimeout(),
        0,
        null,
        false);
  }

  /**
   * A stack overflow or out-of-memory error of a target that can run in fresh JVMs: reduced with a
   * fresh target per run for a stack overflow, on {@code reductionStack} ({@link OverflowStack}; 0
   * for other findings), and with a {@link ResourceRunDeadline} from the crash's own run time.
   *
   * @param runNanos how long one run of the crash took, on average
   */
  RunnerPlan forResourceFinding(Finding original, long runs, long runNanos, long reductionStack) {
    return new RunnerPlan(
        options.withRunTimeout(ResourceRunDeadline.of(options.runTimeout(), runNanos)),
        freshTargetPerRun || CrashMinimization.isOverflow(original),
        reductionStack,
        options.runTimeout(),
        runsBefore + runs,
        original,
        isOutOfMemory(original));
  }

  /** A stack overflow reduced on a larger stack than it is verified on, as above. */
  RunnerPlan forOverflow(Finding original, long runs, long reductionStack) {
    return new RunnerPlan(
        options,
        freshTargetPerRun,
        reductionStack,
        verificationTimeout,
        runsBefore + runs,
        original,
        checkAllocations);
  }

  /** Opens a runner of this plan on {@code stackBytes} (0 for the default). */
  TargetRunner open(long stackBytes) {
    return TargetRunner.open(options, freshTargetPerRun, stackBytes, checkAllocations);
  }

  private static boolean isOutOfMemory(Finding finding) {
    return finding.kind() == Finding.Kind.THROWN
        && finding.exceptionClassName().equals(OutOfMemoryError.class.getName());
  }
}
