package dev.whittle.samples.junit.challenge;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.code_intelligence.jazzer.mutation.annotation.NotNull;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The shrinking challenge's "reverse": the wrong property that a list reversed is the same list.
 * Smallest counterexample: {@code [0, 1]}.
 */
class ReverseFuzzSample {
  @FuzzTest(maxDuration = "60s")
  void reversedIsTheSame(@NotNull List<@NotNull Integer> list) {
    List<Integer> reversed = new ArrayList<>(list);
    Collections.reverse(reversed);
    if (!reversed.equals(list)) {
      throw new IllegalStateException("reversed differs for " + list.size() + " elements");
    }
  }
}
