package dev.whittle.engine.algorithms.ddmin;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.engine.sequence.SequenceAlgorithm;
import org.apiguardian.api.API;

/** The delta debugging reducers, for the registry; the implementations stay package-private. */
@API(status = INTERNAL, since = "0.1")
public final class DeltaDebugging {
  private DeltaDebugging() {}

  /** Complement-based ddmin; its result is 1-minimal. */
  public static SequenceAlgorithm ddmin() {
    return new Ddmin();
  }

  /**
   * The steps of complement-based ddmin while it splits into at most {@code maxGranularity} chunks
   * (at least 2): plain ddmin's path as far as its coarse chunks take it; its result need not be
   * 1-minimal.
   */
  public static SequenceAlgorithm coarseDdmin(int maxGranularity) {
    return new Ddmin(maxGranularity);
  }

  /** Recursive ddmin followed by a one-by-one sweep; its result is 1-minimal. */
  public static SequenceAlgorithm recursiveDdmin() {
    return new RecursiveDdmin();
  }
}
