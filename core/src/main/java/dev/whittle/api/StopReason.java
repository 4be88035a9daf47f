package dev.whittle.api;

/** Why a reduction ended. */
public enum StopReason {
  /** The algorithm finished. */
  COMPLETED,
  /** The budget's oracle calls were used up. */
  MAX_CALLS,
  /** The budget's deadline passed. */
  DEADLINE,
  /** The reducing thread was interrupted. */
  INTERRUPTED
}
