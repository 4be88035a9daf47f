package dev.whittle.jazzer.api;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/** A crash minimization that could not produce a result; subclasses say why. */
@API(status = STABLE, since = "0.1")
public class CrashMinimizationException extends RuntimeException {
  public CrashMinimizationException(String message) {
    super(message);
  }

  public CrashMinimizationException(String message, Throwable cause) {
    super(message, cause);
  }
}
