package dev.whittle.samples.junit.challenge;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.code_intelligence.jazzer.mutation.annotation.InRange;
import com.code_intelligence.jazzer.mutation.annotation.NotNull;
import java.util.List;

/**
 * The shrinking challenge's "coupling": a list of integers from 0 to 10, each of them an index into
 * the list (others are outside the precondition), fails when two positions point at each other:
 * {@code xs[i] = j}, {@code j != i} and {@code xs[j] = i}. Smallest counterexample: {@code [1, 0]},
 * which needs the coupled pair moved to the front and renumbered together.
 */
class CouplingFuzzSample {
  @FuzzTest(maxDuration = "60s")
  void noTwoPositionsPointAtEachOther(
      @NotNull List<@NotNull @InRange(min = 0, max = 10) Integer> list) {
    if (list.stream().anyMatch(x -> x >= list.size())) {
      return; // Outside the property's precondition: every element is an index.
    }
    for (int i = 0; i < list.size(); i++) {
      int j = list.get(i);
      if (j != i && list.get(j) == i) {
        throw new IllegalStateException("positions " + i + " and " + j + " point at each other");
      }
    }
  }
}
