package dev.whittle.cli;

import static com.google.common.base.Preconditions.checkNotNull;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * While open, turns Ctrl-C or SIGTERM into an interrupt of the reducing thread and holds the JVM's
 * shutdown until that thread has saved its result and reported, or {@link #GRACE} has passed. The
 * engine answers an interrupt by ending the reduction with the best result so far.
 */
final class InterruptOnShutdown implements AutoCloseable {
  static final Duration GRACE = Duration.ofSeconds(5);

  private final Thread target;
  private final CountDownLatch finished = new CountDownLatch(1);
  private final Thread hook = new Thread(this::interruptAndWait, "whittle-shutdown");

  private InterruptOnShutdown(Thread target) {
    this.target = checkNotNull(target, "target");
  }

  /** Starts guarding the calling thread. */
  static InterruptOnShutdown ofCurrentThread() {
    InterruptOnShutdown guard = new InterruptOnShutdown(Thread.currentThread());
    Runtime.getRuntime().addShutdownHook(guard.hook);
    return guard;
  }

  /** What the shutdown hook does; package-private so that a test can run it without a signal. */
  void interruptAndWait() {
    target.interrupt();
    try {
      finished.await(GRACE.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Marks the guarded work as finished and removes the hook. */
  @Override
  public void close() {
    finished.countDown();
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shutdownInProgress) {
      // The hook is running and is about to see the countdown above.
    }
  }
}
