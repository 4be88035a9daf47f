package dev.whittle.jazzer.crash;

import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.MatchMode;
import dev.whittle.jazzer.target.TargetRunner;
import java.util.ArrayList;
import java.util.List;

/**
 * The runners of the jobs beyond the first, each on its own freshly loaded target (its own class
 * loader and static state); closed together.
 */
final class JobRunners implements AutoCloseable {
  private final List<TargetRunner> runners = new ArrayList<>();
  private final MatchMode matchMode;

  private JobRunners(MatchMode matchMode) {
    this.matchMode = matchMode;
  }

  /**
   * Runners for {@code jobs - 1} more jobs, on the plan's target and worker stack.
   *
   * @param jobs the jobs in all, the first's runner included; see {@link #jobsFor}
   */
  static JobRunners open(RunnerPlan plan, int jobs, long workerStackBytes, MatchMode matchMode) {
    JobRunners more = new JobRunners(matchMode);
    try {
      for (int job = 1; job < jobs; job++) {
        more.runners.add(
            TargetRunner.open(plan.options(), plan.freshTargetPerRun(), workerStackBytes));
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
    return runners.size();
  }

  /** One oracle over {@code first} and an oracle on each of these runners. */
  PooledOracle pool(InProcessOracle first, Finding original) {
    List<InProcessOracle> oracles = new ArrayList<>();
    oracles.add(first);
    for (TargetRunner runner : runners) {
      oracles.add(new InProcessOracle(runner, original, matchMode));
    }
    return new PooledOracle(oracles);
  }

  long runs() {
    return runners.stream().mapToLong(TargetRunner::runs).sum();
  }

  @Override
  public void close() {
    for (TargetRunner runner : runners) {
      runner.close();
    }
  }
}
