package dev.whittle.engine.sequence;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

class WindowStartTest {
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

  /** Whether {@code kept} holds the items from {@code from} to {@code to} (exclusive) in a row. */
  private static boolean holdsRun(int[] kept, int from, int to) {
    int run = 0;
    for (int i = 0; i < kept.length; i++) {
      run = i > 0 && kept[i] == kept[i - 1] + 1 ? run + 1 : 1;
      if (kept[i] == to - 1 && run >= to - from) {
        return true;
      }
    }
    return false;
  }

  @Test
  void narrowsANestingRunInTheMiddleToItselfInLogarithmicallyManyQuestions() {
    // A parser that overflows once 300 items in a row nest: items 1000 to 1299 of 4096 are that
    // run.
    Recording tester = new Recording(kept -> holdsRun(kept, 1000, 1300));
    Subsequence window = WindowStart.narrow(Subsequence.full(4096), tester);

    assertEquals(300, window.size());
    assertEquals(1000, window.toIndices()[0]);
    // Twelve bisection steps for the end in 4096 items, at most eleven for the start in 1300.
    assertTrue(tester.asked.size() <= 12 + 11, "asked " + tester.asked.size());
  }

  @Test
  void keepsTheWholeCandidateWhenEveryShorterWindowFails() {
    Recording tester = new Recording(kept -> kept.length == 10);
    Subsequence full = Subsequence.full(10);

    assertArrayEquals(full.toIndices(), WindowStart.narrow(full, tester).toIndices());
  }

  @Test
  void returnsAnInterestingWindowWherePrefixesAreNotMonotone() {
    // Interesting only with item 0 and item 9, or with item 0 and an even number of items: the
    // bisection's prefixes of 5 and 2 items fail or hold against the monotone assumption.
    Predicate<int[]> interesting =
        kept ->
            kept.length > 0 && kept[0] == 0 && (kept[kept.length - 1] == 9 || kept.length % 2 == 0);
    Recording tester = new Recording(interesting);
    Subsequence window = WindowStart.narrow(Subsequence.full(10), tester);

    assertTrue(interesting.test(window.toIndices()));
  }
}
