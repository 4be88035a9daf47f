package dev.whittle.jazzer.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CorpusFileShrinkerTest {
  @Test
  void aFilesRunsGrowWithItsBytes() {
    long small = CorpusFileShrinker.runsFor(16, 2_000);
    long large = CorpusFileShrinker.runsFor(400, 2_000);
    assertEquals(CorpusFileShrinker.USEFUL_RUNS + 16 * CorpusFileShrinker.RUNS_PER_BYTE, small);
    assertTrue(large > small, large + " <= " + small);
  }

  @Test
  void noFileGetsMoreThanTheRunsPerFile() {
    assertEquals(2_000, CorpusFileShrinker.runsFor(4_096, 2_000));
    assertEquals(50, CorpusFileShrinker.runsFor(16, 50));
  }

  @Test
  void aNegativeSizeIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> CorpusFileShrinker.runsFor(-1, 2_000));
  }
}
