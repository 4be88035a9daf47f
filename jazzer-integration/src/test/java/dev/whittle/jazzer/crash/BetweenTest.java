package dev.whittle.jazzer.crash;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The inputs between an improvement and a larger one put back what was deleted next to the kept.
 */
class BetweenTest {
  private static String at(String inner, String outer, double fraction) {
    return new String(
        Between.of(inner.getBytes(UTF_8), outer.getBytes(UTF_8)).orElseThrow().at(fraction), UTF_8);
  }

  @Test
  void aWindowWidensOnBothSidesInProportion() {
    String outer = "abcdefgh" + "XY" + "ijkl";

    assertEquals("XY", at("XY", outer, 0));
    assertEquals("efghXYij", at("XY", outer, 0.5));
    assertEquals("hXYi", at("XY", outer, 0.1));
    assertEquals(outer, at("XY", outer, 1));
  }

  @Test
  void gapsInsideGiveBackTheirStartAndTheLeadingGapItsEnd() {
    String outer = "ab" + "X" + "cdef" + "Y" + "gh";

    assertEquals("XY", at("XY", outer, 0));
    assertEquals("bXcdYg", at("XY", outer, 0.5));
    assertEquals(outer, at("XY", outer, 1));
  }

  @Test
  void anInputWhoseBytesAreNotInTheLargerInOrderHasNothingBetween() {
    assertTrue(Between.of("YX".getBytes(UTF_8), "aXbYc".getBytes(UTF_8)).isEmpty());
    assertThrows(
        IllegalArgumentException.class,
        () -> Between.of("abc".getBytes(UTF_8), "abc".getBytes(UTF_8)));
  }
}
