package dev.whittle.jazzer.target;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import dev.whittle.jazzer.bytecode.runtime.ProbeCounters;
import java.util.function.UnaryOperator;

/**
 * What a {@link TargetRunner} does differently for each kind of target: how one run executes the
 * target on one input, with whatever set-up and tear-down belongs around it, and what is torn down
 * after the last run. The set-up before the first run happens as the lifecycle is opened. Every
 * step runs on the runner's {@link RunWatchdog}.
 */
interface Lifecycle {
  /**
   * One run on {@code input}: a {@code FuzzedDataProvider} entry point gets {@code wrap}'s provider
   * around the one its factory made ({@link UnaryOperator#identity()} for that one itself).
   */
  RunWatchdog.RawRun run(
      RunWatchdog watchdog, byte[] input, UnaryOperator<FuzzedDataProvider> wrap);

  /**
   * After the last run: the target's tear-down (what it throws changes no run's result) and the
   * release of what the lifecycle loaded. Called once.
   */
  void afterLastRun(RunWatchdog watchdog);

  /** Whether every run is on one target whose classes count coverage. */
  default boolean countsCoverage() {
    return false;
  }

  /**
   * How many classes of the target's class path each run's fresh target defines, as far as the runs
   * so far needed them; 0 without a fresh target per run.
   */
  default int classesPerFreshTarget() {
    return 0;
  }

  /** The counters of the target's instrumented classes. */
  default ProbeCounters probeCounters() {
    throw new IllegalStateException("no shared target whose classes count coverage");
  }
}
