package dev.whittle.engine.loop;

import static com.google.common.base.Preconditions.checkNotNull;
import static java.util.concurrent.TimeUnit.NANOSECONDS;

import com.google.common.base.Stopwatch;
import com.google.common.base.Ticker;
import dev.whittle.api.StopReason;
import dev.whittle.engine.sequence.StopReduction;
import java.time.Duration;
import java.util.Optional;

/**
 * A reduction's clock: how long it has run, read from a {@link Ticker} (the system's, or a test's
 * that is moved by hand, so that no deadline test has to wait), and when it must stop.
 */
final class ReductionClock {
  private final Stopwatch stopwatch;
  private final long deadlineNanos; // Long.MAX_VALUE: no deadline

  /** Starts the clock now; {@code deadline} counts from now. */
  ReductionClock(Optional<Duration> deadline, Ticker ticker) {
    this.stopwatch = Stopwatch.createStarted(checkNotNull(ticker, "ticker"));
    this.deadlineNanos = deadline.map(Duration::toNanos).orElse(Long.MAX_VALUE);
  }

  Duration elapsed() {
    return stopwatch.elapsed();
  }

  /**
   * Stops the reduction when its thread was interrupted or, if {@code deadlineApplies}, its
   * deadline has passed.
   *
   * @throws StopReduction with {@link StopReason#DEADLINE} or {@link StopReason#INTERRUPTED}
   */
  void checkStop(boolean deadlineApplies) {
    if (deadlineNanos != Long.MAX_VALUE
        && deadlineApplies
        && stopwatch.elapsed(NANOSECONDS) >= deadlineNanos) {
      throw new StopReduction(StopReason.DEADLINE);
    }
    if (Thread.currentThread().isInterrupted()) {
      throw new StopReduction(StopReason.INTERRUPTED);
    }
  }
}
