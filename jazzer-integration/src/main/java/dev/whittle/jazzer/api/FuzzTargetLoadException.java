package dev.whittle.jazzer.api;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * The fuzz target could not be loaded or initialized: the class is missing, it has no usable {@code
 * fuzzerTestOneInput}, or {@code fuzzerInitialize} failed. The message names the class.
 */
@API(status = STABLE, since = "0.1")
public final class FuzzTargetLoadException extends CrashMinimizationException {
  private final String targetClass;

  public FuzzTargetLoadException(String targetClass, String message) {
    super(message);
    this.targetClass = targetClass;
  }

  public FuzzTargetLoadException(String targetClass, String message, Throwable cause) {
    super(message, cause);
    this.targetClass = targetClass;
  }

  /** The fully qualified name of the fuzz target class. */
  public String targetClass() {
    return targetClass;
  }
}
