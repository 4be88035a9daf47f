package dev.whittle.engine.sequence;

import dev.whittle.api.StopReason;

/** Thrown by the oracle loop through a reducer when the reduction must end now. */
public final class StopReduction extends RuntimeException {
  private final StopReason reason;

  public StopReduction(StopReason reason) {
    super(reason.name(), null, false, false);
    this.reason = reason;
  }

  public StopReason reason() {
    return reason;
  }
}
