package dev.whittle.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
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
            () -> ExtensionConfiguration.parseDuration("whittle.run-timeout", "0s"));

    assertTrue(e.getMessage().startsWith("whittle.run-timeout: "), e.getMessage());
    assertTrue(e.getMessage().contains("positive"), e.getMessage());
  }

  @Test
  void theRunTimeoutIsReadUnderItsEarlierNameTooButNotUnderBoth() {
    assertEquals(Duration.ofSeconds(10), configuration(Map.of()).runTimeout());
    assertEquals(
        Duration.ofSeconds(3), configuration(Map.of("whittle.run-timeout", "3s")).runTimeout());
    assertEquals(
        Duration.ofSeconds(4), configuration(Map.of("whittle.call-timeout", "4s")).runTimeout());

    IllegalArgumentException both =
        assertThrows(
            IllegalArgumentException.class,
            () -> configuration(Map.of("whittle.run-timeout", "3s", "whittle.call-timeout", "4s")));
    assertTrue(
        both.getMessage()
            .contains("whittle.call-timeout is the earlier name of whittle.run-timeout"),
        both.getMessage());
  }

  private static ExtensionConfiguration configuration(Map<String, String> values) {
    return ExtensionConfiguration.of(key -> Optional.ofNullable(values.get(key)));
  }
}
