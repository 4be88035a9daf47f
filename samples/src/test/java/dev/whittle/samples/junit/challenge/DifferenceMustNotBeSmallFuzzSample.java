package dev.whittle.samples.junit.challenge;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.code_intelligence.jazzer.mutation.annotation.Positive;

/**
 * The shrinking challenge's "difference must not be small": two positive integers, failing when the
 * first is at least 10 and they differ by 1 to 4. Smallest counterexample: {@code (10, 6)}.
 */
class DifferenceMustNotBeSmallFuzzSample {
  @FuzzTest(maxDuration = "60s")
  void differenceMustNotBeSmall(@Positive int first, @Positive int second) {
    long difference = Math.abs((long) first - second);
    if (first >= 10 && difference >= 1 && difference <= 4) {
      throw new IllegalStateException("a small difference from " + first);
    }
  }
}
