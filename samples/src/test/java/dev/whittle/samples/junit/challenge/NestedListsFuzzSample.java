package dev.whittle.samples.junit.challenge;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.code_intelligence.jazzer.mutation.annotation.NotNull;
import java.util.List;

/**
 * The shrinking challenge's "nestedlists": the wrong property that lists of integers hold at most
 * 10 elements together. Smallest counterexample: one list of 11 zeros, {@code [[0, 0, 0, 0, 0, 0,
 * 0, 0, 0, 0, 0]]}; {@code [[0], [0], ...]} is a local minimum for anything that only deletes or
 * lowers, so inner lists have to be joined.
 */
class NestedListsFuzzSample {
  @FuzzTest(maxDuration = "60s")
  void atMostTenElements(@NotNull List<@NotNull List<@NotNull Integer>> lists) {
    int total = lists.stream().mapToInt(List::size).sum();
    if (total > 10) {
      throw new IllegalStateException(total + " elements");
    }
  }
}
