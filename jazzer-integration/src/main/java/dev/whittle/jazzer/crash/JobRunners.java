package dev.whittle.jazzer.crash;

import dev.whittle.api.Oracle;
import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.MatchMode;
import dev.whittle.jazzer.process.MovedGlobals;
import dev.whittle.jazzer.target.TargetRunner;
import java.util.ArrayList;
import java.util.List;

/**
 * The runners of the jobs beyond the first, each on its own freshly loaded target (its own class
 * loader and static state) or, where the first job runs in a {@link WorkerJvm}, each in a worker
 * JVM of its own; closed together.
 */
final class JobRunners implements AutoCloseable {
  private final List<TargetRunner> runners = new ArrayList<>();
  private final List<WorkerJvm> workers = new ArrayList<>();
  private final MatchMode matchMode;

  private JobRunners(MatchMode matchMode) {
    this.matchMode = matchMode;
  }

  /**
   * Runners for {@code jobs - 1} more jobs, on the plan's target and the first job's stack, in
   * worker JVMs as the first job's if it runs in one.
   *
   * @param jobs the jobs in all, the first's runner included; see {@link #jobsFor}
   * @param workerCheck what starts the worker JVMs, or null to run in this JVM
   * @throws IllegalStateException if a worker JVM does not start
   */
  static JobRunners open(
      RunnerPlan plan,
      int jobs,
      StackedRunner first,
      MatchMode matchMode,
      FreshJvmCheck workerCheck) {
    JobRunners more = new JobRunners(matchMode);
    try {
      for (int job = 1; job < jobs; job++) {
        if (first.worker() != null) {
          more.workers.add(workerCheck.startWorker(first.stackBytes()));
        } else {
          more.runners.add(plan.open(first.stackBytes()));
        }
      }
      return more;
    } catch (RuntimeException | Error e) {
      more.close();
      throw e;
    }
  }

  /**
   * How many jobs the first runner's reduction gets: as many as the target allows, but one for a
   * target that sees Jazzer's runtime, whose detectors report into one static slot per JVM.
   */
  static int jobsFor(RunnerPlan plan, TargetRunner first) {
    return first.jazzerRuntimePresent() ? 1 : plan.options().jobsAllowed();
  }

  /** How many jobs beyond the first there are. */
  int size() {
    return runners.size() + workers.size();
  }

  /**
   * One oracle over {@code first} and an oracle on each of these runners, which with {@code
   * framesRequired} take no frameless out-of-memory error for a match ({@link InProcessOracle}).
   */
  PooledOracle pool(Oracle<byte[]> first, Finding original, boolean framesRequired) {
    List<Oracle<byte[]>> oracles = new ArrayList<>();
    oracles.add(first);
    for (TargetRunner runner : runners) {
      oracles.add(new InProcessOracle(runner, original, matchMode, framesRequired));
    }
    for (WorkerJvm worker : workers) {
      oracles.add(new WorkerJvmOracle(worker, original, matchMode));
    }
    return new PooledOracle(oracles);
  }

  /** What the runs on these runners changed of the JVM's global state. */
  MovedGlobals movedGlobals() {
    MovedGlobals moved = MovedGlobals.NONE;
    for (TargetRunner runner : runners) {
      moved = moved.and(runner.movedGlobals());
    }
    return moved;
  }

  long runs() {
    return runners.stream().mapToLong(TargetRunner::runs).sum()
        + workers.stream().mapToLong(WorkerJvm::runs).sum();
  }

  @Override
  public void close() {
    for (TargetRunner runner : runners) {
      runner.close();
    }
    for (WorkerJvm worker : workers) {
      worker.close();
    }
  }
}
