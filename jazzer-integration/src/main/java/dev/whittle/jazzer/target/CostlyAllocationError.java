package dev.whittle.jazzer.target;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * Ends a run whose target allocates an array that would fit the heap but take much of it, while
 * {@link AllocationCheck#stopCostlyAllocations costly allocations are stopped}: its outcome is
 * unresolved, as a run's past its deadline is, without the seconds of filling the heap first.
 */
@API(status = INTERNAL, since = "0.1")
public final class CostlyAllocationError extends Error {
  private static final long serialVersionUID = 1L;

  CostlyAllocationError(long bytes) {
    super(
        "an array of " + bytes + " bytes would take much of the heap; not allocated",
        null,
        false,
        false);
  }
}
