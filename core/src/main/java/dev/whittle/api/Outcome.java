package dev.whittle.api;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/** What one run says about a candidate. */
@API(status = STABLE, since = "0.1")
public enum Outcome {
  /** The candidate reproduces the behaviour being reduced. */
  INTERESTING,
  /** The candidate runs, but does not reproduce the behaviour. */
  NOT_INTERESTING,
  /**
   * The oracle could not decide, for example because the target rejects the candidate as invalid.
   * The search treats it as not interesting; results count it separately.
   */
  UNRESOLVED;

  /** Whether the search may keep a candidate with this outcome. */
  public boolean isInteresting() {
    return this == INTERESTING;
  }
}
