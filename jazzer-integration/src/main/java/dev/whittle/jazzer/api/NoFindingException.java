package dev.whittle.jazzer.api;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/** The crash input runs through the target without any finding: there is nothing to minimize. */
@API(status = STABLE, since = "0.1")
public final class NoFindingException extends CrashMinimizationException {
  private final String crashName;
  private final int runs;

  public NoFindingException(String crashName, String targetClass, int runs) {
    super(
        crashName
            + " does not crash "
            + targetClass
            + ": "
            + runs
            + (runs == 1 ? " run" : " runs")
            + " in process, no finding; nothing to minimize");
    this.crashName = crashName;
    this.runs = runs;
  }

  /** The crash file's path, or a description of in-memory crash bytes. */
  public String crashName() {
    return crashName;
  }

  /** How many times the input was run. */
  public int runs() {
    return runs;
  }
}
