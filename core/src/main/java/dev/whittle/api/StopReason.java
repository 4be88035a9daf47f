package dev.whittle.api;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/** Why a reduction ended. */
@API(status = STABLE, since = "0.1")
public enum StopReason {
  /** The algorithm finished. */
  COMPLETED,
  /** The budget's runs were used up. */
  MAX_RUNS,
  /** The budget's deadline passed. */
  DEADLINE,
  /** The budget's patience ran out: that many runs in a row found nothing smaller. */
  PATIENCE,
  /** The reducing thread was interrupted. */
  INTERRUPTED
}
