package dev.whittle.engine.algorithms.ddmin;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.Algorithms;
import dev.whittle.api.Outcome;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.Whittle;
import dev.whittle.engine.sequence.StopReduction;
import dev.whittle.engine.sequence.Subsequence;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DdminTest {
  /** The failing input of the Fuzzing Book's MysteryRunner example. */
  private static final String MYSTERY_INPUT =
      " 7:,>((/$$-/->.;.=;(.%!:50#7*8=$&&=$9!%6(4=&69':'<3+0-3.24#7=!&60)2/+\";+<7+1<2!4$>92+$1"
          + "<(3%&5''>#";

  /**
   * Every test the Fuzzing Book's DeltaDebuggingReducer (with its cache) runs on that input, in
   * order, as its log prints them.
   */
  private static final List<String> MYSTERY_TRACE =
      List.of(
          MYSTERY_INPUT,
          "'<3+0-3.24#7=!&60)2/+\";+<7+1<2!4$>92+$1<(3%&5''>#",
          " 7:,>((/$$-/->.;.=;(.%!:50#7*8=$&&=$9!%6(4=&69':",
          "50#7*8=$&&=$9!%6(4=&69':'<3+0-3.24#7=!&60)2/+\";+<7+1<2!4$>92+$1<(3%&5''>#",
          "50#7*8=$&&=$9!%6(4=&69':<7+1<2!4$>92+$1<(3%&5''>#",
          "50#7*8=$&&=$9!%6(4=&69':'<3+0-3.24#7=!&60)2/+\";+",
          "'<3+0-3.24#7=!&60)2/+\";+",
          "50#7*8=$&&=$9!%6(4=&69':",
          "9!%6(4=&69':'<3+0-3.24#7=!&60)2/+\";+",
          "9!%6(4=&69':=!&60)2/+\";+",
          "=!&60)2/+\";+",
          "9!%6(4=&69':",
          "=&69':=!&60)2/+\";+",
          "9!%6(4=!&60)2/+\";+",
          "9!%6(42/+\";+",
          "9!%6(4=!&60)",
          "=!&60)",
          "9!%6(4",
          "6(4=!&60)",
          "6(460)",
          "60)",
          "6(4",
          "(460)",
          "460)",
          "(0)",
          "0)",
          "(",
          "()",
          ")");

  private final Ddmin ddmin = new Ddmin();

  @Test
  void reproducesTheFuzzingBookTraceTestForTest() {
    List<String> asked = new ArrayList<>();
    ReductionResult<String> result =
        Whittle.reduce(SequenceInputs.chars(MYSTERY_INPUT))
            .withAlgorithm(Algorithms.ddmin())
            .run(
                text -> {
                  asked.add(text);
                  return opensBeforeItCloses(text) ? Outcome.INTERESTING : Outcome.NOT_INTERESTING;
                });

    assertEquals(MYSTERY_TRACE, asked);
    assertEquals("()", result.reduced());
    assertEquals(29, result.runs());
    assertTrue(result.oneMinimal());
  }

  @Test
  void theEmptyInputAsksNothing() {
    RecordingTester tester = RecordingTester.of(kept -> true);
    assertEquals(Subsequence.full(0), ddmin.reduce(Subsequence.full(0), tester));
    assertTrue(tester.asked().isEmpty());
  }

  @Test
  void aSingleItemIsDeletedWhenTheEmptyCandidateIsInteresting() {
    RecordingTester tester = RecordingTester.of(kept -> true);
    assertEquals(Subsequence.full(0), ddmin.reduce(Subsequence.full(1), tester));
    assertEquals(List.of(Subsequence.full(0)), tester.asked());
  }

  @Test
  void aNeededSingleItemStaysAfterItsDeletionWasAsked() {
    RecordingTester tester = RecordingTester.keeping(0);
    assertEquals(Subsequence.full(1), ddmin.reduce(Subsequence.full(1), tester));
    assertTrue(tester.askedEverySingleDeletionOf(Subsequence.full(1)));
  }

  @Test
  void reducingToOneItemAlsoAsksTheEmptyCandidate() {
    RecordingTester tester = RecordingTester.keeping(5);
    Subsequence result = ddmin.reduce(Subsequence.full(9), tester);

    assertEquals(Subsequence.ofIndices(5), result);
    assertTrue(tester.askedEverySingleDeletionOf(result));
  }

  @Test
  void theLastRoundAsksEverySingleDeletionOfTheResult() {
    Random random = new Random(7);
    for (int round = 0; round < 200; round++) {
      int length = random.nextInt(60);
      int marker = random.nextInt(3);
      // Not monotone: needs an odd number of items whose index is congruent to the marker mod 3.
      RecordingTester tester =
          RecordingTester.of(
              kept ->
                  kept.length == length
                      || Arrays.stream(kept).filter(i -> i % 3 == marker).count() % 2 == 1);
      Subsequence result = ddmin.reduce(Subsequence.full(length), tester);

      assertTrue(tester.askedEverySingleDeletionOf(result), "round " + round + ": " + result);
    }
  }

  @Test
  void questionsAreComplementsOfOneChunkOfTheCurrentCandidate() {
    RecordingTester tester = RecordingTester.keeping(3, 11);
    ddmin.reduce(Subsequence.full(16), tester);

    // Granularity 2 first: the two halves' complements, each half being needed.
    assertEquals(Subsequence.full(16).without(0, 8), tester.asked().get(0));
    assertEquals(Subsequence.full(16).without(8, 16), tester.asked().get(1));
    // Then granularity 4: the first quarter goes.
    assertEquals(Subsequence.full(16).without(0, 4), tester.asked().get(2));
  }

  @Test
  void stopReductionPassesThrough() {
    RecordingTester tester = RecordingTester.keeping(3, 11).stoppingAfter(4);
    assertThrows(StopReduction.class, () -> ddmin.reduce(Subsequence.full(16), tester));
    assertEquals(4, tester.asked().size());
  }

  @Test
  void aMonotoneOracleYieldsExactlyTheNeededItems() {
    RecordingTester tester = RecordingTester.keeping(0, 7, 8, 30);
    Subsequence result = ddmin.reduce(Subsequence.full(31), tester);
    assertArrayEquals(new int[] {0, 7, 8, 30}, result.toIndices());
    assertFalse(tester.asked().contains(Subsequence.full(31)), "the start is known interesting");
  }

  @Test
  void theCoarseStepsAskTheHalvesAndTheQuartersWhereNothingGoes() {
    RecordingTester tester = RecordingTester.keeping(1, 6, 9, 14);
    Subsequence result = new Ddmin(4).reduce(Subsequence.full(16), tester);

    assertEquals(Subsequence.full(16), result);
    assertEquals(
        List.of(
            Subsequence.full(16).without(0, 8),
            Subsequence.full(16).without(8, 16),
            Subsequence.full(16).without(0, 4),
            Subsequence.full(16).without(4, 8),
            Subsequence.full(16).without(8, 12),
            Subsequence.full(16).without(12, 16)),
        tester.asked());
  }

  @Test
  void theCoarseStepsFollowPlainDdminUntilItWouldSplitFiner() {
    // The quarter [12, 16) goes; ddmin goes on at thirds of 12, where nothing goes, and would then
    // split into 6: there the coarse steps stop, on plain ddmin's path.
    RecordingTester coarse = RecordingTester.keeping(1, 5, 9);
    RecordingTester plain = RecordingTester.keeping(1, 5, 9);
    Subsequence result = new Ddmin(4).reduce(Subsequence.full(16), coarse);
    ddmin.reduce(Subsequence.full(16), plain);

    assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, result.toIndices());
    assertEquals(plain.asked().subList(0, coarse.asked().size()), coarse.asked());
    assertEquals(9, coarse.asked().size());
  }

  @Test
  void theCoarseStepsNeedAtLeastTwoChunks() {
    assertThrows(IllegalArgumentException.class, () -> new Ddmin(1));
  }

  /** The Fuzzing Book's MysteryRunner: an opening parenthesis before the first closing one. */
  private static boolean opensBeforeItCloses(String text) {
    int open = text.indexOf('(');
    int close = text.indexOf(')');
    return open >= 0 && close >= 0 && open < close;
  }
}
