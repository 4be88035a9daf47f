package dev.whittle.samples.junit.challenge;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.code_intelligence.jazzer.mutation.annotation.InRange;
import com.code_intelligence.jazzer.mutation.annotation.NotNull;
import com.code_intelligence.jazzer.mutation.annotation.WithSize;
import java.util.List;

/**
 * The shrinking challenge's "lengthlist": a list of 1 to 100 integers from 0 to 1000 fails when its
 * maximum is at least 900. Smallest counterexample: {@code [900]}.
 */
class LengthListFuzzSample {
  @FuzzTest(maxDuration = "60s")
  void maximumBelow900(
      @NotNull @WithSize(min = 1, max = 100)
          List<@NotNull @InRange(min = 0, max = 1000) Integer> list) {
    if (list.stream().mapToInt(Integer::intValue).max().orElse(0) >= 900) {
      throw new IllegalStateException("a maximum of 900 or more");
    }
  }
}
