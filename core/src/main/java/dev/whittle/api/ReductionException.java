package dev.whittle.api;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/** A reduction that could not run to any result, for example because the oracle failed. */
@API(status = STABLE, since = "0.1")
public class ReductionException extends RuntimeException {
  public ReductionException(String message) {
    super(message);
  }

  public ReductionException(String message, Throwable cause) {
    super(message, cause);
  }
}
