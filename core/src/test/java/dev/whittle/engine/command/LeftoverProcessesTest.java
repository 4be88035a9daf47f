package dev.whittle.engine.command;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class LeftoverProcessesTest {
  @Test
  void processesBornDuringARunHaveTheIdsHandedOutSinceItsStart() {
    OptionalLong since = OptionalLong.of(100);
    OptionalLong now = OptionalLong.of(200);

    assertTrue(LeftoverProcesses.bornAfter(101, since, now));
    assertTrue(LeftoverProcesses.bornAfter(200, since, now));
    assertFalse(LeftoverProcesses.bornAfter(100, since, now));
    assertFalse(LeftoverProcesses.bornAfter(201, since, now));
    assertFalse(LeftoverProcesses.bornAfter(7, since, now));
  }

  @Test
  void processIdsWrapAroundAtTheKernelsMaximum() {
    OptionalLong since = OptionalLong.of(4_194_000);
    OptionalLong now = OptionalLong.of(50);

    assertTrue(LeftoverProcesses.bornAfter(4_194_300, since, now));
    assertTrue(LeftoverProcesses.bornAfter(3, since, now));
    assertFalse(LeftoverProcesses.bornAfter(51, since, now));
    assertFalse(LeftoverProcesses.bornAfter(4_000_000, since, now));
  }

  @Test
  void withoutTheLastIdEveryProcessIsRead() {
    assertTrue(LeftoverProcesses.bornAfter(1, OptionalLong.empty(), OptionalLong.of(5)));
    assertTrue(LeftoverProcesses.bornAfter(1, OptionalLong.of(5), OptionalLong.empty()));
  }
}
