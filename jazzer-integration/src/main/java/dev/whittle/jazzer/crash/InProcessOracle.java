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
  private Finding lastFinding;

  public InProcessOracle(TargetRunner runner, Finding expected, MatchMode matchMode) {
    this.runner = checkNotNull(runner, "runner");
    this.expected = checkNotNull(expected, "expected");
    this.matchMode = checkNotNull(matchMode, "matchMode");
  }

  @Override
  public Outcome test(byte[] candidate) {
    lastFinding = runner.run(candidate);
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
