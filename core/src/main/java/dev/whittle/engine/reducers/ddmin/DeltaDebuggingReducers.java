package dev.whittle.engine.reducers.ddmin;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.engine.sequence.SequenceReducer;
import org.apiguardian.api.API;

/** The delta debugging reducers, for the registry; the implementations stay package-private. */
@API(status = INTERNAL, since = "0.1")
public final class DeltaDebuggingReducers {
  private DeltaDebuggingReducers() {}

  /** Complement-based ddmin; its result is 1-minimal. */
  public static SequenceReducer ddmin() {
    return new Ddmin();
  }

  /** Recursive ddmin followed by a one-by-one sweep; its result is 1-minimal. */
  public static SequenceReducer recursiveDdmin() {
    return new RecursiveDdmin();
  }
}
