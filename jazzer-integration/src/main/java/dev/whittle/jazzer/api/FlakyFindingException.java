package dev.whittle.jazzer.api;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * The crash input does not reproduce the same finding every time it is run, so minimizing it would
 * chase noise. The counts say how it behaved.
 */
public final class FlakyFindingException extends CrashMinimizationException {
  private final Finding firstFinding;
  private final int runs;
  private final int reproductions;
  private final int runsWithoutFinding;

  public FlakyFindingException(
      String crashName, Finding firstFinding, int runs, int reproductions, int runsWithoutFinding) {
    super(
        crashName
            + " gives a flaky finding: "
            + checkNotNull(firstFinding, "firstFinding")
            + " in "
            + reproductions
            + " of "
            + runs
            + " runs, no finding in "
            + runsWithoutFinding
            + ", another finding in "
            + (runs - reproductions - runsWithoutFinding)
            + "; not minimizing");
    this.firstFinding = firstFinding;
    this.runs = runs;
    this.reproductions = reproductions;
    this.runsWithoutFinding = runsWithoutFinding;
  }

  /** The finding of the first run that had one; the others are compared with it. */
  public Finding firstFinding() {
    return firstFinding;
  }

  /** How many times the input was run. */
  public int runs() {
    return runs;
  }

  /** Runs whose finding matched the first finding (the first included). */
  public int reproductions() {
    return reproductions;
  }

  /** Runs without any finding. */
  public int runsWithoutFinding() {
    return runsWithoutFinding;
  }

  /** Runs with a finding that did not match the first. */
  public int runsWithOtherFinding() {
    return runs - reproductions - runsWithoutFinding;
  }
}
