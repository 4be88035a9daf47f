package dev.whittle.jazzer.crash;

import static com.google.common.base.Preconditions.checkNotNull;

import dev.whittle.api.Oracle;
import dev.whittle.api.Outcome;
import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.MatchMode;

/**
 * The oracle over a {@link WorkerJvm}, answering as {@link InProcessOracle} does: interesting if
 * and only if the run's finding matches the original's, a timeout that does not match unresolved.
 * The worker stays the caller's to close.
 */
final class WorkerJvmOracle implements Oracle<byte[]> {
  private final WorkerJvm worker;
  private final Finding expected;
  private final MatchMode matchMode;
  private Finding lastFinding;

  WorkerJvmOracle(WorkerJvm worker, Finding expected, MatchMode matchMode) {
    this.worker = checkNotNull(worker, "worker");
    this.expected = checkNotNull(expected, "expected");
    this.matchMode = checkNotNull(matchMode, "matchMode");
  }

  @Override
  public Outcome test(byte[] candidate) {
    lastFinding = worker.run(candidate);
    return InProcessOracle.outcome(lastFinding, expected, matchMode);
  }

  /** The finding of the last candidate tested, or null if it had none. */
  Finding lastFinding() {
    return lastFinding;
  }
}
