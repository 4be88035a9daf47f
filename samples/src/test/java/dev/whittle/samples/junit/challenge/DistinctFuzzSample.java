package dev.whittle.samples.junit.challenge;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.code_intelligence.jazzer.mutation.annotation.NotNull;
import java.util.List;

/**
 * The shrinking challenge's "distinct": a list of integers holding at least three distinct values
 * fails. Smallest counterexample in Whittle's order (nearer to zero first, the non-negative value
 * before the negative one at the same distance): {@code [0, 1, -1]}, one of the two the challenge
 * names; reaching it from any order of three values needs values moved, not only lowered.
 */
class DistinctFuzzSample {
  @FuzzTest(maxDuration = "60s")
  void fewerThanThreeDistinct(@NotNull List<@NotNull Integer> list) {
    long distinct = list.stream().distinct().count();
    if (distinct >= 3) {
      throw new IllegalStateException(distinct + " distinct values");
    }
  }
}
