package dev.whittle.jazzer.crash;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.Oracle;
import dev.whittle.api.Outcome;
import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.MatchMode;
import dev.whittle.jazzer.target.TargetRunner;
import org.apiguardian.api.API;

/**
 * The in-process oracle: a candidate is {@link Outcome#INTERESTING} if and only if running the
 * target on it gives a finding that {@link MatchMode#matches matches} the original's. A timeout
 * that does not match (the original was no timeout) is {@link Outcome#UNRESOLVED}, which the search
 * treats as not interesting but counts apart; every other candidate is {@link
 * Outcome#NOT_INTERESTING}. The runner stays the caller's to close.
 */
@API(status = INTERNAL, since = "0.1")
public final class InProcessOracle implements Oracle<byte[]> {
  private final TargetRunner runner;
  private final Finding expected;
  private final MatchMode matchMode;
  private final boolean framesRequired;
  private Finding lastFinding;

  public InProcessOracle(TargetRunner runner, Finding expected, MatchMode matchMode) {
    this(runner, expected, matchMode, false);
  }

  /**
   * @param framesRequired whether an out-of-memory error without a stack trace is no match: where
   *     the original's error came from an {@link dev.whittle.jazzer.target.AllocationCheck}, which
   *     gives every error of its kind its frames, a frameless one is the JVM's own, thrown where
   *     this JVM's heap, fuller than a fresh one's, had no room, at a place nothing tells
   */
  public InProcessOracle(
      TargetRunner runner, Finding expected, MatchMode matchMode, boolean framesRequired) {
    this.runner = checkNotNull(runner, "runner");
    this.expected = checkNotNull(expected, "expected");
    this.matchMode = checkNotNull(matchMode, "matchMode");
    this.framesRequired = framesRequired;
  }

  @Override
  public Outcome test(byte[] candidate) {
    lastFinding = runner.run(candidate);
    if (framesRequired
        && lastFinding != null
        && lastFinding.kind() == Finding.Kind.THROWN
        && lastFinding.frames().isEmpty()
        && lastFinding.exceptionClassName().equals(OutOfMemoryError.class.getName())) {
      return Outcome.NOT_INTERESTING;
    }
    return outcome(lastFinding, expected, matchMode);
  }

  /**
   * What a run that gave {@code found} (null: nothing) says of its candidate, as this class's
   * documentation describes: one judgement for every place a crash's candidates run.
   */
  static Outcome outcome(Finding found, Finding expected, MatchMode matchMode) {
    if (found == null) {
      return Outcome.NOT_INTERESTING;
    }
    if (TargetRunner.endedAtCostlyAllocation(found)) {
      return Outcome.UNRESOLVED;
    }
    if (matchMode.matches(expected, found)) {
      return Outcome.INTERESTING;
    }
    return found.kind() == Finding.Kind.TIMEOUT ? Outcome.UNRESOLVED : Outcome.NOT_INTERESTING;
  }

  /** The finding of the last candidate tested, or null if it had none. */
  public Finding lastFinding() {
    return lastFinding;
  }
}
