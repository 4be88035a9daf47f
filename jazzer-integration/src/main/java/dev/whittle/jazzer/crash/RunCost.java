package dev.whittle.jazzer.crash;

import java.time.Duration;
import java.util.OptionalLong;

/**
 * What one run of the target cost: its wall time, and the processor time its JVM spent on it where
 * the platform tells (this JVM's by {@link dev.whittle.jazzer.api.Phases#processCpuNanos}, a
 * worker's by {@link #cpuNanosOf}). A choice between two ways of running that compares processor
 * times does not move with what else the machine runs; wall times do (a run that waited for the
 * processor looks slow).
 *
 * @param wallNanos the run's wall time
 * @param cpuNanos the processor time of the JVM that ran it, over the run; empty where unknown
 */
record RunCost(long wallNanos, OptionalLong cpuNanos) {
  /**
   * Whether {@code other} cost at most 1/{@code factor} of this and saved at least {@code
   * minSavingNanos}: in processor time where both know it, else in wall time.
   */
  boolean isOutdoneBy(RunCost other, int factor, long minSavingNanos) {
    boolean cpu = cpuNanos.isPresent() && other.cpuNanos.isPresent();
    long mine = cpu ? cpuNanos.getAsLong() : wallNanos;
    long theirs = cpu ? other.cpuNanos.getAsLong() : other.wallNanos;
    return (long) factor * theirs <= mine && mine - theirs >= minSavingNanos;
  }

  /** The processor time {@code process} has used so far; empty where unknown. */
  static OptionalLong cpuNanosOf(ProcessHandle process) {
    return process.info().totalCpuDuration().stream().mapToLong(Duration::toNanos).findFirst();
  }

  /**
   * The cost between two readings of a processor clock: empty where either is, or where the clock
   * went back (a worker JVM started again between them is another process).
   */
  static OptionalLong between(OptionalLong before, OptionalLong after) {
    return before.isPresent() && after.isPresent() && after.getAsLong() >= before.getAsLong()
        ? OptionalLong.of(after.getAsLong() - before.getAsLong())
        : OptionalLong.empty();
  }
}
