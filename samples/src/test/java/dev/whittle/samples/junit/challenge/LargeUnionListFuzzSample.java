package dev.whittle.samples.junit.challenge;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.code_intelligence.jazzer.mutation.annotation.NotNull;
import java.util.List;

/**
 * The shrinking challenge's "large union list": lists of integers holding five distinct values
 * among them fail. Smallest counterexample: {@code [[0, 1, -1, 2, -2]]}, which needs inner lists
 * joined and values moved.
 */
class LargeUnionListFuzzSample {
  @FuzzTest(maxDuration = "60s")
  void atMostFourDistinct(@NotNull List<@NotNull List<@NotNull Integer>> lists) {
    long distinct = lists.stream().flatMap(List::stream).distinct().count();
    if (distinct >= 5) {
      throw new IllegalStateException(distinct + " distinct values");
    }
  }
}
