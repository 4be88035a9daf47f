package dev.whittle.samples.junit.challenge;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.code_intelligence.jazzer.mutation.annotation.Positive;

/**
 * The shrinking challenge's "difference must not be one": two positive integers, failing when the
 * first is at least 10 and they differ by exactly 1. Smallest counterexample: {@code (10, 9)};
 * lowering either value alone never keeps the failure.
 */
class DifferenceMustNotBeOneFuzzSample {
  @FuzzTest(maxDuration = "60s")
  void differenceMustNotBeOne(@Positive int first, @Positive int second) {
    if (first >= 10 && Math.abs((long) first - second) == 1) {
      throw new IllegalStateException("a difference of one from " + first);
    }
  }
}
