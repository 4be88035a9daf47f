package dev.whittle.api;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/** The original input does not reproduce: there is nothing to reduce. */
@API(status = STABLE, since = "0.1")
public final class OriginalNotInterestingException extends ReductionException {
  private final Outcome outcome;

  public OriginalNotInterestingException(Outcome outcome) {
    super(
        "the original input is not interesting (the oracle said "
            + outcome
            + "); nothing to reduce");
    this.outcome = outcome;
  }

  /** What the oracle said about the original input. */
  public Outcome outcome() {
    return outcome;
  }
}
