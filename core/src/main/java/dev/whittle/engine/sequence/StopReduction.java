package dev.whittle.engine.sequence;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.StopReason;
import org.apiguardian.api.API;

/** Thrown by the oracle loop through a reducer when the reduction must end now. */
@API(status = INTERNAL, since = "0.1")
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
