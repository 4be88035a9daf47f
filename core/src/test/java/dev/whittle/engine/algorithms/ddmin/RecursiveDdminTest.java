package dev.whittle.engine.algorithms.ddmin;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.engine.sequence.StopReduction;
import dev.whittle.engine.sequence.Subsequence;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecursiveDdminTest {
  private final RecursiveDdmin ddrmin = new RecursiveDdmin();

  @Test
  void oneNeededItemIsFoundByBisection() {
    int length = 1024;
    RecordingTester tester = RecordingTester.keeping(613);
    Subsequence result = ddrmin.reduce(Subsequence.full(length), tester);

    assertEquals(Subsequence.ofIndices(613), result);
    int log2 = Integer.numberOfTrailingZeros(length);
    // At most two halves per level, then the sweep's one question (the empty candidate).
    assertTrue(tester.asked().size() <= 2 * log2 + 1, "asked " + tester.asked().size());
  }

  @Test
  void neededItemsInBothHalvesAreKeptThroughTheContext() {
    RecordingTester tester = RecordingTester.keeping(2, 13);
    Subsequence result = ddrmin.reduce(Subsequence.full(16), tester);

    assertArrayEquals(new int[] {2, 13}, result.toIndices());
    // Neither half alone holds both, so the first two questions are the halves.
    assertEquals(Subsequence.full(16).slice(0, 8), tester.asked().get(0));
    assertEquals(Subsequence.full(16).slice(8, 16), tester.asked().get(1));
    // Reducing the first half keeps the whole second half as context.
    Subsequence context = Subsequence.full(16).slice(8, 16);
    assertEquals(Subsequence.full(16).slice(0, 4).concat(context), tester.asked().get(2));
  }

  @Test
  void theFinalSweepFinishesWhatTheRecursionLeaves() {
    // Not monotone: only these three candidates of four items are interesting. The recursion
    // finds no interesting half, keeps the one-item parts 0 and 1, and ends at {0, 1, 3};
    // only the sweep then finds {1, 3}.
    List<Subsequence> interesting =
        List.of(Subsequence.full(4), Subsequence.ofIndices(0, 1, 3), Subsequence.ofIndices(1, 3));
    RecordingTester tester =
        RecordingTester.of(kept -> interesting.contains(Subsequence.ofIndices(kept)));
    Subsequence result = ddrmin.reduce(Subsequence.full(4), tester);

    assertEquals(Subsequence.ofIndices(1, 3), result);
    assertTrue(tester.askedEverySingleDeletionOf(result));
    assertTrue(
        tester.asked().indexOf(Subsequence.ofIndices(0, 1, 3))
            < tester.asked().indexOf(Subsequence.ofIndices(1, 3)));
  }

  @Test
  void theEmptyInputAndSingleItemsAreHandled() {
    RecordingTester always = RecordingTester.of(kept -> true);
    assertEquals(Subsequence.full(0), ddrmin.reduce(Subsequence.full(0), always));
    assertEquals(Subsequence.full(0), ddrmin.reduce(Subsequence.full(1), always));
    assertEquals(
        Subsequence.full(1), ddrmin.reduce(Subsequence.full(1), RecordingTester.keeping(0)));
  }

  @Test
  void stopReductionPassesThrough() {
    RecordingTester tester = RecordingTester.keeping(2, 13).stoppingAfter(3);
    assertThrows(StopReduction.class, () -> ddrmin.reduce(Subsequence.full(16), tester));
  }
}
