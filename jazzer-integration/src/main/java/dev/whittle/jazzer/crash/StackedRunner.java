package dev.whittle.jazzer.crash;

import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.MatchMode;
import dev.whittle.jazzer.api.Phases;
import dev.whittle.jazzer.api.Verification;
import dev.whittle.jazzer.target.TargetRunner;
import java.util.OptionalLong;

/**
 * The runner a reduction runs on, on the stack it was opened with, and the runs of a runner given
 * up for it. A stack overflow of a target that can run in fresh JVMs runs in a {@link WorkerJvm}
 * instead where the crash overflows there: {@code worker} answers the reduction's questions, and
 * {@code runner} only says what the target's entry point is and records provider calls.
 */
record StackedRunner(TargetRunner runner, long stackBytes, long runsGivenUp, WorkerJvm worker)
    implements AutoCloseable {
  /**
   * How many times faster than here a run in the worker JVM must be for the reduction to use it.
   */
  static final int WORKER_SPEED_UP = 2;

  /**
   * How much time a run in the worker JVM must save for the reduction to use it: a worker pays for
   * its own start only over many runs, and below this the two timings are mostly noise.
   */
  static final long WORKER_MIN_SAVING_NANOS = 10_000_000;

  /**
   * How many classes a fresh target must define per run for the reduction to consider a worker JVM:
   * loading them is what a worker saves, and a target of a few classes loads too fast for the
   * timing of one run to tell.
   */
  static final int WORKER_MIN_CLASSES = 50;

  /** A runner on the default stack, for a plan without a stack of its own. */
  static StackedRunner open(RunnerPlan plan) {
    return new StackedRunner(plan.open(0), 0, 0, null);
  }

  /**
   * A runner on the plan's worker stack if the crash gives its finding there, else on the default
   * stack: a crash found at the default stack may not overflow a larger one, and is then reduced
   * without the margin. With {@code workers} (null for none), the runs on the plan's stack happen
   * in a worker JVM where the crash gives its finding there too, else in this JVM as without. The
   * worker JVM starts only once the crash has run here: a second JVM busy on the other processor
   * while a crash at the edge of the stack runs here changes what the JIT has compiled by then, and
   * with it whether the crash overflows.
   */
  static StackedRunner open(
      RunnerPlan plan, byte[] crash, Finding original, MatchMode matchMode, FreshJvmCheck workers) {
    if (plan.stackBytes() == 0) {
      return open(plan);
    }
    TargetRunner larger = null;
    Finding there;
    RunCost here;
    try {
      larger = plan.open(plan.stackBytes());
      OptionalLong cpu = Phases.processCpuNanos();
      long start = System.nanoTime();
      there = larger.run(crash);
      here = new RunCost(System.nanoTime() - start, RunCost.between(cpu, Phases.processCpuNanos()));
    } catch (RuntimeException | Error e) {
      if (larger != null) {
        larger.close();
      }
      throw e;
    }
    if (there != null && matchMode.matches(original, there)) {
      WorkerJvm worker =
          workers == null || larger.classesPerFreshTarget() < WORKER_MIN_CLASSES
              ? null
              : startWorker(workers, plan.stackBytes());
      if (worker != null && fasterInWorker(worker, crash, original, matchMode, here)) {
        return new StackedRunner(larger, plan.stackBytes(), 0, worker);
      }
      return new StackedRunner(larger, plan.stackBytes(), closed(worker), null);
    }
    long runs = larger.runs();
    larger.close();
    return new StackedRunner(plan.open(0), 0, runs, null);
  }

  long runs() {
    return runsGivenUp + runner.runs() + (worker == null ? 0 : worker.runs());
  }

  /** The verification, with the stack the reduction ran on where it was not the default. */
  Verification describe(Verification verification) {
    if (stackBytes == 0) {
      return verification;
    }
    return new Verification(
        verification.verified(),
        verification.method(),
        verification.detail()
            + "; reduced on a "
            + (stackBytes >> 10)
            + " KiB stack"
            + (worker == null ? "" : " in an interpreted worker JVM"));
  }

  @Override
  public void close() {
    try {
      runner.close();
    } finally {
      if (worker != null) {
        worker.close();
      }
    }
  }

  /** A worker JVM on {@code stackBytes}, or null if it cannot start: the runs stay in this JVM. */
  private static WorkerJvm startWorker(FreshJvmCheck workers, long stackBytes) {
    try {
      return workers.startWorker(stackBytes);
    } catch (IllegalStateException e) {
      return null;
    }
  }

  /**
   * Whether the crash gives the original's finding in the worker, twice, and its second run there
   * (the first loads what the crash needs) cost at most 1/{@value #WORKER_SPEED_UP} of its run here
   * and saved at least {@link #WORKER_MIN_SAVING_NANOS}, in processor time where the platform tells
   * ({@link RunCost}): compared in wall time, a build running beside Whittle made the choice, and
   * with it the result, differ from one minimization to the next. Interpreting every frame costs
   * more than a fresh target per run on a small target that recurses deeply (its few classes load
   * fast, and the JDK's are compiled here), and saves most of the time on a large library whose
   * classes take long to define and initialize. A worker that fails to load the target does not
   * reproduce.
   */
  private static boolean fasterInWorker(
      WorkerJvm worker, byte[] crash, Finding original, MatchMode matchMode, RunCost here) {
    try {
      if (!matches(worker.run(crash), original, matchMode)) {
        return false;
      }
      OptionalLong cpu = worker.cpuNanos();
      long start = System.nanoTime();
      Finding again = worker.run(crash);
      RunCost there =
          new RunCost(System.nanoTime() - start, RunCost.between(cpu, worker.cpuNanos()));
      return matches(again, original, matchMode)
          && here.isOutdoneBy(there, WORKER_SPEED_UP, WORKER_MIN_SAVING_NANOS);
    } catch (IllegalStateException e) {
      return false;
    }
  }

  private static boolean matches(Finding found, Finding original, MatchMode matchMode) {
    return found != null && matchMode.matches(original, found);
  }

  /** Closes {@code worker} (null for none) and returns its runs, which count as given up. */
  private static long closed(WorkerJvm worker) {
    if (worker == null) {
      return 0;
    }
    worker.close();
    return worker.runs();
  }
}
