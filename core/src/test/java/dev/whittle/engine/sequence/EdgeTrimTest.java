package dev.whittle.engine.sequence;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

class EdgeTrimTest {
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
  void cutsTheLongestInterestingTailOrHeadAndStopsThere() {
    // Interesting: keeps items 2 and 3 of 0..5, so the longest cut is the tail from 4 (then
    // the head up to 2 in a later call).
    Recording tester =
        new Recording(kept -> kept.length >= 2 && kept[0] <= 2 && kept[kept.length - 1] >= 3);
    Subsequence trimmed = EdgeTrim.trim(Subsequence.full(6), tester, 64);

    assertArrayEquals(new int[] {0, 1, 2, 3}, trimmed.toIndices());
    // Lengths 5, 4, 3 of tail then head were refuted; the tail of length 2 is the first to hold.
    assertArrayEquals(new int[] {0}, tester.asked.get(0));
    assertArrayEquals(new int[] {5}, tester.asked.get(1));
    assertArrayEquals(new int[] {0, 1, 2, 3}, tester.asked.get(tester.asked.size() - 1));
    assertEquals(7, tester.asked.size());
  }

  @Test
  void asksNoOneItemCutAndReturnsTheCandidateWhenNothingGoes() {
    Recording tester = new Recording(kept -> kept.length == 5);
    Subsequence full = Subsequence.full(5);

    assertSame(full, EdgeTrim.trim(full, tester, 64));
    // Two questions per length from 4 down to 2; one-item cuts are 1-minimality's.
    assertEquals(6, tester.asked.size());
  }

  @Test
  void asksNoMoreThanItsLimitLongestCutsFirst() {
    Recording tester = new Recording(kept -> kept.length == 100);
    Subsequence full = Subsequence.full(100);

    assertSame(full, EdgeTrim.trim(full, tester, 7));
    // Lengths 99 to 97, tail and head each: the limit rounded down to an even number.
    assertEquals(6, tester.asked.size());
    assertArrayEquals(new int[] {0, 1, 2}, tester.asked.get(4));
  }
}
