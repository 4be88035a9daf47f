package dev.whittle.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ExtensionConfigurationTest {
  @Test
  void durationsTakeUnitsDecimalsPlainMillisecondsAndIso() {
    assertEquals(Duration.ofMillis(500), ExtensionConfiguration.parseDuration("k", "500ms"));
    assertEquals(Duration.ofSeconds(2), ExtensionConfiguration.parseDuration("k", "2s"));
    assertEquals(Duration.ofSeconds(90), ExtensionConfiguration.parseDuration("k", "1.5m"));
    assertEquals(Duration.ofHours(1), ExtensionConfiguration.parseDuration("k", "1h"));
    assertEquals(Duration.ofMillis(250), ExtensionConfiguration.parseDuration("k", "250"));
    assertEquals(Duration.ofSeconds(3), ExtensionConfiguration.parseDuration("k", "pt3s"));
    assertEquals(Duration.ofSeconds(2), ExtensionConfiguration.parseDuration("k", " 2S "));
  }

  @Test
  void aMalformedDurationNamesItsKey() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ExtensionConfiguration.parseDuration("whittle.time-budget", "soon"));

    assertTrue(e.getMessage().contains("whittle.time-budget"), e.getMessage());
  }

  @Test
  void aZeroDurationIsRefusedNamingItsKey() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ExtensionConfiguration.parseDuration("whittle.call-timeout", "0s"));

    assertTrue(e.getMessage().startsWith("whittle.call-timeout: "), e.getMessage());
    assertTrue(e.getMessage().contains("positive"), e.getMessage());
  }
}
