package dev.whittle.engine.loop;

import com.google.common.base.Ticker;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/** A ticker that moves only when a test moves it, so that deadline tests need not wait. */
public final class FakeTicker extends Ticker {
  private final AtomicLong nanos = new AtomicLong();

  @Override
  public long read() {
    return nanos.get();
  }

  /** Moves the time on by {@code duration}. */
  public void advance(Duration duration) {
    nanos.addAndGet(duration.toNanos());
  }
}
