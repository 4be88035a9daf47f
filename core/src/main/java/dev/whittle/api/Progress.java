package dev.whittle.api;

import static org.apiguardian.api.API.Status.STABLE;

import java.time.Duration;
import org.apiguardian.api.API;

/**
 * A snapshot of a running reduction.
 *
 * @param runs runs so far, including the check of the original input
 * @param cacheHits questions answered from the cache instead of the oracle
 * @param unresolved runs that returned {@link Outcome#UNRESOLVED}
 * @param candidateSize items in the candidate just asked about
 * @param bestSize items in the smallest interesting candidate so far
 * @param elapsed time since the reduction started
 */
@API(status = STABLE, since = "0.1")
public record Progress(
    long runs,
    long cacheHits,
    long unresolved,
    int candidateSize,
    int bestSize,
    Duration elapsed) {}
