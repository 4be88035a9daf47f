package dev.whittle.jazzer.crash;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

import java.time.Duration;

/**
 * The per-run deadline for reducing a resource finding, derived from how long the crash itself
 * took: {@value #FACTOR} times its run time, at least {@link #FLOOR}, at most the call timeout.
 *
 * <p>Deep recursions and big allocations make runs slow, and the slowest candidates are those that
 * get near the limit without crossing it: a heap that fills up without running out spends seconds
 * in the garbage collector before it gives up or succeeds. A candidate that takes ten times as long
 * as the crash is ended as a timeout, which does not match the crash's finding, rather than waited
 * for up to the call timeout (10 s by default). The floor keeps a JIT pause or a loaded machine
 * from cutting off a candidate that would have crashed.
 */
final class ResourceRunDeadline {
  static final int FACTOR = 10;
  static final Duration FLOOR = Duration.ofSeconds(1);

  private ResourceRunDeadline() {}

  /**
   * @param runTimeout the minimizer's per-call timeout, the most any run gets
   * @param originalRunNanos how long one run of the crash took, on average
   */
  static Duration of(Duration runTimeout, long originalRunNanos) {
    checkNotNull(runTimeout, "runTimeout");
    checkArgument(originalRunNanos >= 0, "run time must not be negative: %s", originalRunNanos);
    Duration derived = Duration.ofNanos(originalRunNanos).multipliedBy(FACTOR);
    if (derived.compareTo(FLOOR) < 0) {
      derived = FLOOR;
    }
    return derived.compareTo(runTimeout) < 0 ? derived : runTimeout;
  }
}
