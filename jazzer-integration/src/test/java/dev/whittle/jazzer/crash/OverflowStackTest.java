package dev.whittle.jazzer.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Stack overflows are reduced on a stack that allows twice the depth the fresh JVMs' stack allows:
 * twice what is left of it beside HotSpot's guard and shadow zones, plus those zones.
 */
class OverflowStackTest {
  @Test
  void readsTheStackOfTheCheckFromItsOptionsTheLastOneWinning() {
    assertEquals(512L << 10, OverflowStack.checkedBytes(List.of("-Xmx1g", "-Xss512k")));
    assertEquals(2L << 20, OverflowStack.checkedBytes(List.of("-Xss1m", "-Xss2M")));
    assertEquals(4096, OverflowStack.checkedBytes(List.of("-Xss4096")));
    assertEquals(256L << 10, OverflowStack.checkedBytes(List.of("-XX:ThreadStackSize=256")));
  }

  @Test
  void theMarginIsOnTheDepthLeftBesideTheGuardAndShadowZones() {
    long reserved = OverflowStack.reservedBytes();

    // On HotSpot: at least the shadow zone's pages, which no Java frame may use.
    assertTrue(reserved >= 4 * 4096, "reserved: " + reserved);
    assertEquals(
        2 * ((256L << 10) - reserved) + reserved,
        OverflowStack.reductionBytes(List.of("-Xss256k")));
    assertEquals(
        2 * ((1L << 20) - reserved) + reserved, OverflowStack.reductionBytes(List.of("-Xss1m")));
  }

  @Test
  void onATinyStackAtMostHalfOfItCountsAsReserved() {
    assertEquals(3 * 32L << 10, OverflowStack.reductionBytes(List.of("-Xss64k")));
  }

  @Test
  void withoutAnOptionTheCheckHasTheDefaultStack() {
    long checked = OverflowStack.checkedBytes(List.of("-Xmx1g"));

    assertTrue(checked >= 256 << 10, "a default stack: " + checked);
    long reserved = OverflowStack.reservedBytes();
    assertEquals(
        OverflowStack.MARGIN * (checked - reserved) + reserved,
        OverflowStack.reductionBytes(List.of()));
  }

  @Test
  void aMalformedSizeNamesTheOption() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> OverflowStack.checkedBytes(List.of("-Xssbig")));
    assertTrue(e.getMessage().contains("-Xssbig"), e.getMessage());
  }
}
