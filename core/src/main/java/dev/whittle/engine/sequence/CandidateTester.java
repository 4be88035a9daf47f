package dev.whittle.engine.sequence;

/**
 * The only way a reducer learns anything: it proposes a candidate, the oracle loop answers. The
 * loop owns the oracle, the cache and the budget; when the budget is spent it throws {@link
 * StopReduction}, which reducers MUST let through.
 */
@FunctionalInterface
public interface CandidateTester {
  /** Whether the candidate is interesting; unresolved counts as not interesting. */
  boolean isInteresting(Subsequence candidate);
}
