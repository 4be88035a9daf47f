package dev.whittle.samples.junit.challenge;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.code_intelligence.jazzer.mutation.annotation.Positive;

/**
 * The shrinking challenge's "difference must not be zero": two positive integers, failing when the
 * first is at least 10 and both are equal. Smallest counterexample: {@code (10, 10)}; no value can
 * be lowered alone.
 */
class DifferenceMustNotBeZeroFuzzSample {
  @FuzzTest(maxDuration = "60s")
  void differenceMustNotBeZero(@Positive int first, @Positive int second) {
    if (first >= 10 && Math.abs((long) first - second) == 0) {
      throw new IllegalStateException("a difference of zero from " + first);
    }
  }
}
