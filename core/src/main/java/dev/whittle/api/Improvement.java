package dev.whittle.api;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.STABLE;

import java.time.Duration;
import org.apiguardian.api.API;

/**
 * One step of a reduction's trajectory: a new smallest interesting candidate, and what it had cost
 * when it was found. The first step is the original input.
 *
 * @param runs calls of the oracle so far, the one that found this candidate included
 * @param elapsed time since the reduction started
 * @param size the candidate's size in items
 */
@API(status = STABLE, since = "0.1")
public record Improvement(long runs, Duration elapsed, int size) {
  public Improvement {
    checkArgument(runs >= 0, "runs must not be negative: %s", runs);
    checkNotNull(elapsed, "elapsed");
    checkArgument(size >= 0, "size must not be negative: %s", size);
  }
}
