package dev.whittle.api;

/** A reduction that could not run to any result, for example because the oracle failed. */
public class ReductionException extends RuntimeException {
  public ReductionException(String message) {
    super(message);
  }

  public ReductionException(String message, Throwable cause) {
    super(message, cause);
  }
}
