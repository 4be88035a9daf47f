package dev.whittle.engine.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.Budget;
import dev.whittle.api.ImprovementListener;
import dev.whittle.api.Oracle;
import dev.whittle.api.Outcome;
import dev.whittle.api.Progress;
import dev.whittle.api.ProgressListener;
import dev.whittle.api.ReductionException;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.StopReason;
import dev.whittle.engine.sequence.StopReduction;
import dev.whittle.engine.sequence.Subsequence;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

class OracleLoopTest {
  /** Remembers every content the oracle was really called with. */
  private final List<String> asked = new ArrayList<>();

  @Test
  void sameContentFromDifferentIndicesIsAskedOnce() {
    OracleLoop<String> loop = loop("aab", text -> text.contains("b"), Budget.unlimited());
    loop.askOriginal();

    assertTrue(loop.isInteresting(Subsequence.ofIndices(1, 2)));
    assertTrue(loop.isInteresting(Subsequence.ofIndices(0, 2)));

    assertEquals(List.of("aab", "ab"), asked);
    assertEquals(2, loop.runs());
    assertEquals(1, loop.cacheHits());
  }

  @Test
  void differentContentOfTheSameLengthIsNotACacheHit() {
    OracleLoop<String> loop = loop("aXa", text -> true, Budget.unlimited());
    loop.isInteresting(Subsequence.ofIndices(1, 2));
    loop.isInteresting(Subsequence.ofIndices(0, 1));

    assertEquals(List.of("Xa", "aX"), asked);
    assertEquals(0, loop.cacheHits());
  }

  @Test
  void budgetStopsBeforeTheOracleCallThatWouldExceedIt() {
    OracleLoop<String> loop = loop("abcd", text -> true, Budget.unlimited().withMaxRuns(2));
    loop.askOriginal();
    loop.isInteresting(Subsequence.ofIndices(0));

    StopReduction stop =
        assertThrows(StopReduction.class, () -> loop.isInteresting(Subsequence.ofIndices(1)));
    assertEquals(StopReason.MAX_RUNS, stop.reason());
    assertEquals(2, loop.runs());
    assertEquals(2, asked.size());
  }

  @Test
  void cacheHitsStayFreeOnceTheBudgetIsSpent() {
    OracleLoop<String> loop = loop("aab", text -> true, Budget.unlimited().withMaxRuns(2));
    loop.askOriginal();
    loop.isInteresting(Subsequence.ofIndices(0, 2));

    assertTrue(loop.isInteresting(Subsequence.ofIndices(1, 2)));
    assertEquals(1, loop.cacheHits());
  }

  @Test
  void interruptionStopsBeforeTheNextOracleCall() {
    OracleLoop<String> loop = loop("abc", text -> true, Budget.unlimited());
    loop.askOriginal();
    Thread.currentThread().interrupt();
    try {
      StopReduction stop =
          assertThrows(StopReduction.class, () -> loop.isInteresting(Subsequence.ofIndices(0)));
      assertEquals(StopReason.INTERRUPTED, stop.reason());
      assertEquals(1, loop.runs());
    } finally {
      Thread.interrupted();
    }
  }

  /**
   * A reducer that only asks what was asked before, or works long between its questions, still
   * stops at the deadline: a cached answer checks the clock too.
   */
  @Test
  void theDeadlineStopsAReducerThatGetsOnlyCachedAnswers() {
    FakeTicker ticker = new FakeTicker();
    OracleLoop<String> loop = withinASecond(ticker, 1);
    loop.askOriginal();
    loop.isInteresting(Subsequence.ofIndices(0));
    ticker.advance(Duration.ofMillis(999));
    assertTrue(loop.isInteresting(Subsequence.ofIndices(0)), "before the deadline");

    ticker.advance(Duration.ofMillis(1));
    StopReduction stop =
        assertThrows(StopReduction.class, () -> loop.isInteresting(Subsequence.ofIndices(0)));
    assertEquals(StopReason.DEADLINE, stop.reason());
    assertEquals(2, loop.runs());
    assertEquals(Duration.ofSeconds(1), loop.elapsed());
  }

  /** The same for a batch of questions whose answers are all cached. */
  @Test
  void theDeadlineStopsBatchesOfCachedAnswers() {
    FakeTicker ticker = new FakeTicker();
    OracleLoop<String> loop = withinASecond(ticker, 2);
    try (loop) {
      loop.askOriginal();
      List<Subsequence> batch = List.of(Subsequence.ofIndices(0), Subsequence.ofIndices(1));
      loop.areInteresting(batch);
      ticker.advance(Duration.ofMillis(999));
      loop.areInteresting(batch);

      ticker.advance(Duration.ofMillis(1));
      StopReduction stop = assertThrows(StopReduction.class, () -> loop.areInteresting(batch));
      assertEquals(StopReason.DEADLINE, stop.reason());
      assertEquals(3, loop.runs());
    }
  }

  /** The original is asked however late it is: a deadline passed before it would leave nothing. */
  @Test
  void theOriginalIsAskedEvenPastTheDeadline() {
    FakeTicker ticker = new FakeTicker();
    OracleLoop<String> loop = withinASecond(ticker, 1);
    ticker.advance(Duration.ofSeconds(5));
    assertTrue(loop.askOriginal().isInteresting());
    assertThrows(StopReduction.class, () -> loop.isInteresting(Subsequence.ofIndices(0)));
    assertEquals(1, loop.runs());
  }

  @Test
  void bestIsTheFirstOfTheSmallestInterestingCandidates() {
    OracleLoop<String> loop = loop("abcd", text -> text.length() <= 3, Budget.unlimited());
    loop.askOriginal();
    assertNull(loop.best(), "the original was not interesting");

    Subsequence abc = Subsequence.ofIndices(0, 1, 2);
    loop.isInteresting(abc);
    loop.isInteresting(Subsequence.ofIndices(1, 2, 3));
    assertSame(abc, loop.best(), "an equally small candidate does not replace the best");

    Subsequence bd = Subsequence.ofIndices(1, 3);
    loop.isInteresting(bd);
    assertSame(bd, loop.best());
  }

  @Test
  void anOracleExceptionBecomesAReductionExceptionWithItsCause() {
    IllegalStateException failure = new IllegalStateException("target crashed");
    OracleLoop<String> loop =
        new OracleLoop<>(
            SequenceInputs.chars("abc"),
            text -> {
              throw failure;
            },
            Budget.unlimited(),
            List.of(),
            List.of());

    ReductionException thrown = assertThrows(ReductionException.class, loop::askOriginal);
    assertSame(failure, thrown.getCause());
  }

  @Test
  void aNullOutcomeIsAReductionException() {
    OracleLoop<String> loop =
        new OracleLoop<>(
            SequenceInputs.chars("abc"), text -> null, Budget.unlimited(), List.of(), List.of());
    assertThrows(ReductionException.class, loop::askOriginal);
  }

  @Test
  void unresolvedCountsAsNotInterestingAndIsCounted() {
    OracleLoop<String> loop =
        new OracleLoop<>(
            SequenceInputs.chars("abc"),
            text -> text.length() == 3 ? Outcome.INTERESTING : Outcome.UNRESOLVED,
            Budget.unlimited(),
            List.of(),
            List.of());
    loop.askOriginal();
    assertFalse(loop.isInteresting(Subsequence.ofIndices(0, 1)));
    assertEquals(1, loop.unresolved());
  }

  @Test
  void oneMinimalOnlyOnceEverySingleDeletionWasAskedAndFailed() {
    OracleLoop<String> loop = loop("abc", text -> text.equals("abc"), Budget.unlimited());
    loop.askOriginal();
    Subsequence all = Subsequence.full(3);

    loop.isInteresting(Subsequence.ofIndices(1, 2));
    loop.isInteresting(Subsequence.ofIndices(0, 2));
    assertFalse(loop.isVerifiedOneMinimal(all), "the deletion of 'c' was never asked");

    loop.isInteresting(Subsequence.ofIndices(0, 1));
    assertTrue(loop.isVerifiedOneMinimal(all));
  }

  @Test
  void notOneMinimalWhenASingleDeletionIsInteresting() {
    OracleLoop<String> loop = loop("abc", text -> text.contains("ab"), Budget.unlimited());
    loop.askOriginal();
    loop.isInteresting(Subsequence.ofIndices(1, 2));
    loop.isInteresting(Subsequence.ofIndices(0, 2));
    loop.isInteresting(Subsequence.ofIndices(0, 1));

    assertFalse(loop.isVerifiedOneMinimal(Subsequence.full(3)));
  }

  @Test
  void oneMinimalVerificationGoesByContentNotByIndices() {
    OracleLoop<String> loop = loop("aab", text -> text.equals("ab"), Budget.unlimited());
    Subsequence lastTwo = Subsequence.ofIndices(1, 2);
    // "ab" without its 'a' is "b", without its 'b' is "a": ask both via other indices.
    loop.isInteresting(Subsequence.ofIndices(2));
    loop.isInteresting(Subsequence.ofIndices(0));

    assertTrue(loop.isVerifiedOneMinimal(lastTwo));
  }

  @Test
  void theEmptyCandidateIsTriviallyOneMinimal() {
    OracleLoop<String> loop = loop("", text -> true, Budget.unlimited());
    assertTrue(loop.isVerifiedOneMinimal(Subsequence.full(0)));
  }

  @Test
  void improvementListenersHearNewBestContentOnly() {
    List<String> improvements = new ArrayList<>();
    OracleLoop<String> loop =
        new OracleLoop<>(
            SequenceInputs.chars("abcd"),
            Oracle.of(text -> text.startsWith("a")),
            Budget.unlimited(),
            List.of(),
            List.<ImprovementListener<String>>of((best, progress) -> improvements.add(best)));
    loop.askOriginal();
    loop.isInteresting(Subsequence.ofIndices(1, 2, 3));
    loop.isInteresting(Subsequence.ofIndices(0, 1));
    loop.isInteresting(Subsequence.ofIndices(0, 2, 3));

    assertEquals(List.of("abcd", "ab"), improvements);
  }

  @Test
  void progressListenersHearEveryQuestionIncludingCacheHits() {
    List<Progress> events = new ArrayList<>();
    OracleLoop<String> loop =
        new OracleLoop<>(
            SequenceInputs.chars("aab"),
            Oracle.of(text -> true),
            Budget.unlimited(),
            List.<ProgressListener>of(events::add),
            List.of());
    loop.askOriginal();
    loop.isInteresting(Subsequence.ofIndices(0, 2));
    loop.isInteresting(Subsequence.ofIndices(1, 2));

    assertEquals(3, events.size());
    assertEquals(2, events.get(2).runs());
    assertEquals(1, events.get(2).cacheHits());
    assertEquals(2, events.get(2).bestSize());
  }

  /** A loop on "abc" whose every candidate is interesting, with a deadline a second away. */
  private static OracleLoop<String> withinASecond(FakeTicker ticker, int jobs) {
    return new OracleLoop<>(
        SequenceInputs.chars("abc"),
        text -> Outcome.INTERESTING,
        Budget.unlimited().withDeadline(Duration.ofSeconds(1)),
        List.of(),
        List.of(),
        jobs,
        ticker);
  }

  private OracleLoop<String> loop(String text, Predicate<String> interesting, Budget budget) {
    Oracle<String> recording =
        candidate -> {
          asked.add(candidate);
          return interesting.test(candidate) ? Outcome.INTERESTING : Outcome.NOT_INTERESTING;
        };
    return new OracleLoop<>(SequenceInputs.chars(text), recording, budget, List.of(), List.of());
  }
}
