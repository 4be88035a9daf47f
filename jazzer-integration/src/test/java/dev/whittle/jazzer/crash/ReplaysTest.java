package dev.whittle.jazzer.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.jazzer.api.Finding;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** The replays of one verification: how they are counted, and that they run side by side. */
class ReplaysTest {
  private static final Finding FOUND =
      Finding.thrown(IllegalStateException.class.getName(), "x", 1L, List.of());

  @Test
  void replaysOfWidthTwoRunSideBySide() {
    // Each replay waits for a second one to run beside it; one after the other, none would match.
    CyclicBarrier together = new CyclicBarrier(2);
    Supplier<Finding> replay =
        () -> {
          try {
            together.await(20, TimeUnit.SECONDS);
            return FOUND;
          } catch (InterruptedException | BrokenBarrierException | TimeoutException e) {
            return null;
          }
        };

    Replays.Tally tally = Replays.run(replay, found -> found != null, 2, 2);

    assertEquals(new Replays.Tally(2, 2), tally);
  }

  @Test
  void matchesAreCountedInStartOrderUpToTheFirstMiss() {
    List<Finding> script = List.of(FOUND, FOUND, FOUND);
    for (int width = 1; width <= 3; width++) {
      AtomicInteger next = new AtomicInteger();
      Replays.Tally all =
          Replays.run(() -> script.get(next.getAndIncrement()), f -> true, 3, width);
      assertEquals(3, all.matched(), "width " + width);
      assertEquals(3, all.started(), "width " + width);
    }
  }

  @Test
  void oneAtATimeStartsNoReplayAfterAMiss() {
    AtomicInteger calls = new AtomicInteger();

    Replays.Tally tally =
        Replays.run(() -> calls.incrementAndGet() == 2 ? null : FOUND, f -> f != null, 5, 1);

    assertEquals(new Replays.Tally(1, 2), tally);
    assertEquals(2, calls.get());
  }

  @Test
  void aMissCancelsTheReplaysStillRunning() throws InterruptedException {
    CountDownLatch cancelled = new CountDownLatch(1);
    AtomicInteger calls = new AtomicInteger();
    Supplier<Finding> replay =
        () -> {
          if (calls.incrementAndGet() == 1) {
            return null; // the first replay misses at once
          }
          try {
            Thread.sleep(60_000);
          } catch (InterruptedException e) {
            cancelled.countDown();
          }
          return FOUND;
        };

    Replays.Tally tally = Replays.run(replay, f -> f != null, 3, 2);

    assertEquals(0, tally.matched());
    assertTrue(cancelled.await(20, TimeUnit.SECONDS), "the replay beside the miss is interrupted");
  }

  @Test
  void aReplayThatCannotRunFailsTheVerification() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                Replays.run(
                    () -> {
                      throw new IllegalStateException("the child JVM did not start");
                    },
                    f -> true,
                    3,
                    2));

    assertEquals("the child JVM did not start", e.getMessage());
  }
}
