package dev.whittle.samples.junit.challenge;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.code_intelligence.jazzer.mutation.annotation.NotNull;
import java.util.ArrayList;
import java.util.List;

/**
 * The shrinking challenge's "deletion": removing an element from a list is expected to leave no
 * copy of it, but {@link List#remove(Object)} removes only the first. Smallest counterexample:
 * {@code ([0, 0], 0)}, three equal values lowered together.
 */
class DeletionFuzzSample {
  @FuzzTest(maxDuration = "60s")
  void removedElementIsGone(@NotNull List<@NotNull Integer> list, int element) {
    List<Integer> rest = new ArrayList<>(list);
    rest.remove(Integer.valueOf(element));
    if (rest.contains(element)) {
      throw new IllegalStateException("still holds " + element + " after its removal");
    }
  }
}
