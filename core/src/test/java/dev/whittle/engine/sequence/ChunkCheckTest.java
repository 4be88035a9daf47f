package dev.whittle.engine.sequence;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

class ChunkCheckTest {
  /** Answers by the kept original indices and records every question. */
  private static final class Recording implements CandidateTester {
    final List<int[]> asked = new ArrayList<>();
    final Predicate<int[]> interesting;

    Recording(Predicate<int[]> interesting) {
      this.interesting = interesting;
    }

    @Override
    public boolean isInteresting(Subsequence candidate) {
      asked.add(candidate.toIndices());
      return interesting.test(candidate.toIndices());
    }
  }

  @Test
  void asksHeadsAndTailsAtDdminsBoundariesCoarseFirstAndStopsAtTheFirstCut() {
    // Interesting: keeps items 0 to 5 of 0..7; the halves fail, then at the quarters' last
    // boundary the tail of 6 and 7 goes.
    Recording tester = new Recording(kept -> kept.length >= 6 && kept[5] == 5);
    Subsequence cut = ChunkCheck.firstCut(Subsequence.full(8), tester, 100);

    assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5}, cut.toIndices());
    assertArrayEquals(new int[] {0, 1, 2, 3}, tester.asked.get(0));
    assertArrayEquals(new int[] {4, 5, 6, 7}, tester.asked.get(1));
    assertEquals(3, tester.asked.size());
  }

  @Test
  void asksTheChunksBetweenTheEndsAfterTheHeadsAndTails() {
    // Interesting: without items 4 and 5 of 0..7 (or less); only the chunk in the middle holds.
    Recording tester =
        new Recording(kept -> kept.length >= 6 && kept[3] == 3 && kept[kept.length - 1] == 7);
    Subsequence cut = ChunkCheck.firstCut(Subsequence.full(8), tester, 100);

    assertArrayEquals(new int[] {0, 1, 2, 3, 6, 7}, cut.toIndices());
    // Halves (2), the quarters' heads and tails at 6 and 2 (4), the chunk 2..3 (1), then 4..5.
    assertEquals(8, tester.asked.size());
  }

  @Test
  void asksNoOneItemChunkAndReturnsTheCandidateWhenNothingGoes() {
    Recording tester = new Recording(kept -> kept.length == 9);
    Subsequence full = Subsequence.full(9);

    assertSame(full, ChunkCheck.firstCut(full, tester, 100));
    // Granularities 2 and 4 (chunks of 2 or more; at 8 a chunk would hold one item), each cut
    // once: halves (2), heads and tails at 6 and 2 (4), the chunks 2..3 and 4..5 (2).
    assertEquals(8, tester.asked.size());
  }

  @Test
  void asksNoMoreThanItsLimit() {
    Recording tester = new Recording(kept -> kept.length == 100);
    Subsequence full = Subsequence.full(100);

    assertSame(full, ChunkCheck.firstCut(full, tester, 5));
    assertEquals(5, tester.asked.size());
    assertSame(full, ChunkCheck.firstCut(full, new Recording(kept -> true), 0));
  }
}
