package dev.whittle.api;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.STABLE;

import java.time.Duration;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Limits on one reduction: at most so many runs, and a deadline from the start. A reduction that
 * reaches a limit stops and returns its best result so far. Immutable.
 */
@API(status = STABLE, since = "0.1")
public final class Budget {
  private static final Budget UNLIMITED = new Budget(Long.MAX_VALUE, null, Long.MAX_VALUE);

  private final long maxRuns;
  private final Duration deadline;
  private final long patience;

  private Budget(long maxRuns, Duration deadline, long patience) {
    this.maxRuns = maxRuns;
    this.deadline = deadline;
    this.patience = patience;
  }

  public static Budget unlimited() {
    return UNLIMITED;
  }

  /** A copy that allows at most {@code runs} runs (cache hits are free). */
  public Budget withMaxRuns(long runs) {
    checkArgument(runs >= 1, "maxRuns must be at least 1, was %s", runs);
    return new Budget(runs, deadline, patience);
  }

  /**
   * A copy that stops the reduction {@code limit} after it started. The check of the original is
   * always made, however long it takes, so that a reduction stopped by its deadline has a result.
   */
  public Budget withDeadline(Duration limit) {
    checkNotNull(limit, "limit");
    checkArgument(!limit.isNegative() && !limit.isZero(), "deadline must be positive: %s", limit);
    return new Budget(maxRuns, limit, patience);
  }

  /**
   * A copy that stops the reduction ({@link StopReason#PATIENCE}) once {@code runs} runs in a row
   * found nothing smaller than the best result so far: for a target whose every run is dear, where
   * the last few items a search could still take off cost a run each.
   */
  public Budget withPatience(long runs) {
    checkArgument(runs >= 1, "patience must be at least 1, was %s", runs);
    return new Budget(maxRuns, deadline, runs);
  }

  public long maxRuns() {
    return maxRuns;
  }

  /** Runs in a row without a smaller result before the reduction stops; unlimited: max. */
  public long patience() {
    return patience;
  }

  public Optional<Duration> deadline() {
    return Optional.ofNullable(deadline);
  }

  @Override
  public String toString() {
    return "Budget{maxRuns="
        + (maxRuns == Long.MAX_VALUE ? "unlimited" : maxRuns)
        + ", deadline="
        + (deadline == null ? "none" : deadline)
        + (patience == Long.MAX_VALUE ? "" : ", patience=" + patience)
        + "}";
  }
}
