package dev.whittle.api;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.STABLE;

import java.time.Duration;
import java.util.List;
import org.apiguardian.api.API;

/**
 * What a reduction found and what it cost. Immutable as far as the content type allows: array
 * content is copied on the way out.
 *
 * @param <C> the content type
 */
@API(status = STABLE, since = "0.1")
public final class ReductionResult<C> {
  private final C reduced;
  private final String algorithm;
  private final int originalSize;
  private final int reducedSize;
  private final long runs;
  private final long cacheHits;
  private final long unresolved;
  private final Duration elapsed;
  private final boolean oneMinimal;
  private final StopReason stopReason;
  private final List<Improvement> trajectory;

  public ReductionResult(
      C reduced,
      String algorithm,
      int originalSize,
      int reducedSize,
      long runs,
      long cacheHits,
      long unresolved,
      Duration elapsed,
      boolean oneMinimal,
      StopReason stopReason,
      List<Improvement> trajectory) {
    this.reduced = checkNotNull(reduced, "reduced");
    this.algorithm = checkNotNull(algorithm, "algorithm");
    this.originalSize = originalSize;
    this.reducedSize = reducedSize;
    this.runs = runs;
    this.cacheHits = cacheHits;
    this.unresolved = unresolved;
    this.elapsed = checkNotNull(elapsed, "elapsed");
    this.oneMinimal = oneMinimal;
    this.stopReason = checkNotNull(stopReason, "stopReason");
    this.trajectory = List.copyOf(checkNotNull(trajectory, "trajectory"));
  }

  /** The smallest interesting candidate found. */
  @SuppressWarnings("unchecked")
  public C reduced() {
    return reduced instanceof byte[] bytes ? (C) bytes.clone() : reduced;
  }

  public String algorithm() {
    return algorithm;
  }

  /** Items in the original input. */
  public int originalSize() {
    return originalSize;
  }

  /** Items in the result. */
  public int reducedSize() {
    return reducedSize;
  }

  /** Runs made, including the check of the original input. */
  public long runs() {
    return runs;
  }

  /** Questions answered from the cache. */
  public long cacheHits() {
    return cacheHits;
  }

  /** Runs that returned {@link Outcome#UNRESOLVED}. */
  public long unresolved() {
    return unresolved;
  }

  public Duration elapsed() {
    return elapsed;
  }

  /**
   * Whether 1-minimality was verified: every deletion of a single item from the result was asked
   * during this reduction and found not interesting.
   */
  public boolean oneMinimal() {
    return oneMinimal;
  }

  /**
   * The improvements in the order they were found, the original input first and the result last:
   * how the size fell against runs and time, for "how long to reach size N".
   */
  public List<Improvement> trajectory() {
    return trajectory;
  }

  public StopReason stopReason() {
    return stopReason;
  }

  @Override
  public String toString() {
    return "ReductionResult{"
        + algorithm
        + ": "
        + originalSize
        + " -> "
        + reducedSize
        + " items, "
        + runs
        + " runs, "
        + cacheHits
        + " cache hits, "
        + unresolved
        + " unresolved, "
        + elapsed.toMillis()
        + " ms, 1-minimal="
        + oneMinimal
        + ", "
        + stopReason
        + "}";
  }
}
