package dev.whittle.jazzer.api;

/** A crash minimization that could not produce a result; subclasses say why. */
public class CrashMinimizationException extends RuntimeException {
  public CrashMinimizationException(String message) {
    super(message);
  }

  public CrashMinimizationException(String message, Throwable cause) {
    super(message, cause);
  }
}
