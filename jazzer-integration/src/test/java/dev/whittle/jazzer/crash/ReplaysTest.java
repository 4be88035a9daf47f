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
import java.util.function.Predicate;
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
  void everyReplayIsCountedWhenAllMatch() {
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
  void aMissEndsTheTallyAtOnceAndCancelsTheReplaysStartedBeforeIt() throws InterruptedException {
    // The first replay to start runs on (a JVM that takes long); the second misses at once. One
    // miss fails the input: nothing is gained by waiting for the first.
    CountDownLatch cancelled = new CountDownLatch(1);
    AtomicInteger calls = new AtomicInteger();
    Supplier<Finding> replay =
        () -> {
          if (calls.incrementAndGet() == 2) {
            return null;
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
    assertTrue(tally.started() >= 2, tally::toString);
    assertTrue(cancelled.await(20, TimeUnit.SECONDS), "the replay before the miss is interrupted");
  }

  @Test
  void matchesThatEndedBeforeTheMissAreCounted() {
    // The first two replays match; the third misses only once the tally has counted both.
    CountDownLatch counted = new CountDownLatch(2);
    AtomicInteger calls = new AtomicInteger();
    Supplier<Finding> replay =
        () -> {
          if (calls.incrementAndGet() <= 2) {
            return FOUND;
          }
          try {
            counted.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          return null;
        };
    Predicate<Finding> matches =
        found -> {
          if (found == null) {
            return false;
          }
          counted.countDown();
          return true;
        };

    Replays.Tally tally = Replays.run(replay, matches, 3, 2);

    assertEquals(new Replays.Tally(2, 3), tally);
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
