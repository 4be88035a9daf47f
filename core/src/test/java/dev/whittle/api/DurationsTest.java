package dev.whittle.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class DurationsTest {
  @Test
  void readsPlainNumbersAsMilliseconds() {
    assertEquals(Duration.ofMillis(500), Durations.parse("500"));
  }

  @Test
  void readsNumbersWithUnits() {
    assertEquals(Duration.ofMillis(250), Durations.parse("250ms"));
    assertEquals(Duration.ofSeconds(2), Durations.parse("2s"));
    assertEquals(Duration.ofSeconds(90), Durations.parse("1.5m"));
    assertEquals(Duration.ofHours(1), Durations.parse("1H"));
  }

  @Test
  void readsIso8601() {
    assertEquals(Duration.ofMillis(2500), Durations.parse("PT2.5S"));
  }

  @Test
  void rejectsZeroAndGarbageSayingWhatIsAccepted() {
    IllegalArgumentException zero =
        assertThrows(IllegalArgumentException.class, () -> Durations.parse("0s"));
    assertTrue(zero.getMessage().contains("positive"), zero::getMessage);
    IllegalArgumentException garbage =
        assertThrows(IllegalArgumentException.class, () -> Durations.parse("2 days"));
    assertTrue(garbage.getMessage().contains("250ms"), garbage::getMessage);
    assertThrows(IllegalArgumentException.class, () -> Durations.parse("PTX"));
  }

  @Test
  void formatsShortlyWithoutTheDefaultLocale() {
    // Tests run under a Turkish locale, which writes 1,5 for one and a half.
    assertEquals("300ms", Durations.format(Duration.ofMillis(300)));
    assertEquals("1.5s", Durations.format(Duration.ofMillis(1500)));
    assertEquals("2s", Durations.format(Duration.ofSeconds(2)));
  }

  @Test
  void secondsAreWhatPercentOnePointFWrites() {
    for (long millis = 0; millis <= 200_000; millis++) {
      assertEquals(
          String.format(Locale.ROOT, "%.1f", millis / 1000.0),
          Durations.seconds(millis),
          "" + millis);
    }
    for (long millis : new long[] {1_049_950, 86_399_999, 3_600_000_050L}) {
      assertEquals(
          String.format(Locale.ROOT, "%.1f", millis / 1000.0),
          Durations.seconds(millis),
          "" + millis);
    }
    assertEquals("1.1s", Durations.format(Duration.ofMillis(1050)));
    assertEquals("10s", Durations.format(Duration.ofMillis(9999)));
  }
}
