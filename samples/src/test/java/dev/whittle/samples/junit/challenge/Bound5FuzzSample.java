package dev.whittle.samples.junit.challenge;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.code_intelligence.jazzer.mutation.annotation.NotNull;
import java.util.List;

/**
 * The shrinking challenge's "bound5": five lists of 16-bit integers, each summing (in 16-bit
 * arithmetic) to less than 256, are expected to sum to less than 5 * 256 together, which overflow
 * breaks. Smallest counterexample: {@code ([], [], [], [-1], [-32768])}.
 */
class Bound5FuzzSample {
  @FuzzTest(maxDuration = "60s")
  void sumStaysBelowFiveTimes256(
      @NotNull List<@NotNull Short> a,
      @NotNull List<@NotNull Short> b,
      @NotNull List<@NotNull Short> c,
      @NotNull List<@NotNull Short> d,
      @NotNull List<@NotNull Short> e) {
    List<List<Short>> lists = List.of(a, b, c, d, e);
    if (lists.stream().anyMatch(list -> sum(list) >= 256)) {
      return; // Outside the property's precondition.
    }
    short total = sum(lists.stream().flatMap(List::stream).toList());
    if (total >= 5 * 256) {
      throw new IllegalStateException("the lists sum to " + total);
    }
  }

  private static short sum(List<Short> list) {
    short sum = 0;
    for (short x : list) {
      sum += x;
    }
    return sum;
  }
}
