package dev.whittle.jazzer.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class RunCostTest {
  private static final long MS = 1_000_000;

  /** As measured on JavaParser's overflow, quiet machine: a fresh target here, and the worker. */
  private static final RunCost HERE = new RunCost(150 * MS, OptionalLong.of(270 * MS));

  @Test
  void aWorkerRunThatWaitedForTheProcessorIsJudgedByItsProcessorTime() {
    // Quiet, the worker's run took 45 ms; beside a build it waited and took 100 ms of wall time.
    RunCost waited = new RunCost(100 * MS, OptionalLong.of(50 * MS));

    assertTrue(HERE.isOutdoneBy(waited, 2, 10 * MS));
  }

  @Test
  void withoutProcessorTimesTheWallTimesDecide() {
    RunCost waited = new RunCost(100 * MS, OptionalLong.empty());
    RunCost quiet = new RunCost(45 * MS, OptionalLong.empty());

    assertFalse(HERE.isOutdoneBy(waited, 2, 10 * MS));
    assertTrue(HERE.isOutdoneBy(quiet, 2, 10 * MS));
  }

  @Test
  void aRunMustBeFasterByTheFactorAndSaveTheLeastSaving() {
    RunCost small = new RunCost(12 * MS, OptionalLong.of(12 * MS));

    assertFalse(HERE.isOutdoneBy(new RunCost(MS, OptionalLong.of(140 * MS)), 2, 10 * MS));
    assertFalse(small.isOutdoneBy(new RunCost(MS, OptionalLong.of(4 * MS)), 2, 10 * MS));
    assertTrue(small.isOutdoneBy(new RunCost(MS, OptionalLong.of(2 * MS)), 2, 10 * MS));
  }

  @Test
  void aClockThatWentBackGivesNoCost() {
    assertEquals(OptionalLong.empty(), RunCost.between(OptionalLong.of(5), OptionalLong.of(3)));
    assertEquals(OptionalLong.empty(), RunCost.between(OptionalLong.empty(), OptionalLong.of(3)));
    assertEquals(OptionalLong.of(2), RunCost.between(OptionalLong.of(3), OptionalLong.of(5)));
  }
}
