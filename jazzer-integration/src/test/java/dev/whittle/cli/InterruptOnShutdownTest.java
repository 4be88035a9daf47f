package dev.whittle.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class InterruptOnShutdownTest {
  @Test
  void interruptsTheGuardedThreadAndWaitsUntilItHasFinished() throws InterruptedException {
    CountDownLatch guarded = new CountDownLatch(1);
    AtomicBoolean savedAfterInterrupt = new AtomicBoolean();
    InterruptOnShutdown[] guard = new InterruptOnShutdown[1];
    Thread reducer =
        new Thread(
            () -> {
              guard[0] = InterruptOnShutdown.ofCurrentThread();
              guarded.countDown();
              try {
                Thread.sleep(60_000);
              } catch (InterruptedException e) {
                sleepUninterruptibly(Duration.ofMillis(200));
                savedAfterInterrupt.set(true);
              } finally {
                guard[0].close();
              }
            });
    reducer.start();
    assertTrue(guarded.await(5, TimeUnit.SECONDS));

    guard[0].interruptAndWait();

    assertTrue(savedAfterInterrupt.get(), "the hook returned before the thread had finished");
    reducer.join(5_000);
    assertFalse(reducer.isAlive());
  }

  private static void sleepUninterruptibly(Duration duration) {
    long end = System.nanoTime() + duration.toNanos();
    while (System.nanoTime() < end) {
      Thread.onSpinWait();
    }
  }
}
