package dev.whittle.jazzer.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Stack overflows are reduced on twice the stack the fresh JVMs verify with. */
class OverflowStackTest {
  @Test
  void readsTheStackOfTheCheckFromItsOptionsTheLastOneWinning() {
    assertEquals(512L << 10, OverflowStack.checkedBytes(List.of("-Xmx1g", "-Xss512k")));
    assertEquals(2L << 20, OverflowStack.checkedBytes(List.of("-Xss1m", "-Xss2M")));
    assertEquals(4096, OverflowStack.checkedBytes(List.of("-Xss4096")));
    assertEquals(256L << 10, OverflowStack.checkedBytes(List.of("-XX:ThreadStackSize=256")));
    assertEquals(1L << 20, OverflowStack.reductionBytes(List.of("-Xss512k")));
  }

  @Test
  void withoutAnOptionTheCheckHasTheDefaultStack() {
    long checked = OverflowStack.checkedBytes(List.of("-Xmx1g"));

    assertTrue(checked >= 256 << 10, "a default stack: " + checked);
    assertEquals(OverflowStack.MARGIN * checked, OverflowStack.reductionBytes(List.of()));
  }

  @Test
  void aMalformedSizeNamesTheOption() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> OverflowStack.checkedBytes(List.of("-Xssbig")));
    assertTrue(e.getMessage().contains("-Xssbig"), e.getMessage());
  }
}
