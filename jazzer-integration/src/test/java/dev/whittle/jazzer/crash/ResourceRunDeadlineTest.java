package dev.whittle.jazzer.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Ten times the crash's run time, at least a second, at most the call timeout. */
class ResourceRunDeadlineTest {
  private static final Duration TEN_SECONDS = Duration.ofSeconds(10);

  @Test
  void isTenTimesTheCrashsRunTime() {
    assertEquals(
        Duration.ofMillis(4_000),
        ResourceRunDeadline.of(TEN_SECONDS, Duration.ofMillis(400).toNanos()));
  }

  @Test
  void aFastCrashStillGetsTheFloor() {
    assertEquals(
        ResourceRunDeadline.FLOOR,
        ResourceRunDeadline.of(TEN_SECONDS, Duration.ofMillis(3).toNanos()));
  }

  @Test
  void neverExceedsTheCallTimeout() {
    assertEquals(TEN_SECONDS, ResourceRunDeadline.of(TEN_SECONDS, Duration.ofSeconds(2).toNanos()));
    assertEquals(
        Duration.ofMillis(500),
        ResourceRunDeadline.of(Duration.ofMillis(500), Duration.ofMillis(1).toNanos()));
  }

  @Test
  void refusesANegativeRunTime() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ResourceRunDeadline.of(TEN_SECONDS, -1));
    assertEquals("run time must not be negative: -1", e.getMessage());
  }
}
