package dev.whittle.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.Algorithms;
import dev.whittle.api.Budget;
import dev.whittle.api.Improvement;
import dev.whittle.api.Oracle;
import dev.whittle.api.OriginalNotInterestingException;
import dev.whittle.api.Outcome;
import dev.whittle.api.Progress;
import dev.whittle.api.Reduction;
import dev.whittle.api.ReductionException;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.StopReason;
import dev.whittle.api.Whittle;
import dev.whittle.engine.loop.FakeTicker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** The engine end to end, through the public API. */
class DefaultReductionEngineTest {
  /** 60 characters of which only the two 'X's matter. */
  private static final String NEEDLES =
      "a".repeat(20) + "X" + "b".repeat(20) + "X" + "c".repeat(18);

  private static final Predicate<String> TWO_XS =
      text -> text.chars().filter(c -> c == 'X').count() >= 2;

  @Test
  void aCompletedReductionReportsItsWork() {
    ReductionResult<String> result = reduce(NEEDLES).run(Oracle.of(TWO_XS));

    assertEquals("XX", result.reduced());
    assertEquals(StopReason.COMPLETED, result.stopReason());
    assertEquals(NEEDLES.length(), result.originalSize());
    assertEquals(2, result.reducedSize());
    assertEquals(Algorithms.DDMIN, result.algorithm());
    assertTrue(result.oneMinimal());
  }

  @Test
  void maxRunsIsNeverExceeded() {
    long needed = reduce(NEEDLES).run(Oracle.of(TWO_XS)).runs();
    for (long maxRuns = 1; maxRuns <= needed; maxRuns++) {
      ReductionResult<String> result =
          reduce(NEEDLES)
              .withBudget(Budget.unlimited().withMaxRuns(maxRuns))
              .run(Oracle.of(TWO_XS));

      assertTrue(result.runs() <= maxRuns, result.toString());
      StopReason expected = maxRuns < needed ? StopReason.MAX_RUNS : StopReason.COMPLETED;
      assertEquals(expected, result.stopReason(), result.toString());
      assertTrue(TWO_XS.test(result.reduced()), result.toString());
    }
  }

  @Test
  void aBudgetOfOneCallReturnsTheOriginalUnverified() {
    ReductionResult<String> result =
        reduce(NEEDLES).withBudget(Budget.unlimited().withMaxRuns(1)).run(Oracle.of(TWO_XS));

    assertEquals(NEEDLES, result.reduced());
    assertEquals(1, result.runs());
    assertFalse(result.oneMinimal());
  }

  @Test
  void theDeadlineEndsASlowReduction() {
    FakeTicker ticker = new FakeTicker();
    Oracle<String> slow =
        text -> {
          ticker.advance(Duration.ofMillis(5));
          return TWO_XS.test(text) ? Outcome.INTERESTING : Outcome.NOT_INTERESTING;
        };
    Reduction<String> reduction =
        Whittle.reduce(SequenceInputs.chars(NEEDLES))
            .withAlgorithm(Algorithms.oneByOne())
            .withBudget(Budget.unlimited().withDeadline(Duration.ofMillis(60)));
    ReductionResult<String> result = new DefaultReductionEngine(ticker).run(reduction, slow);

    assertEquals(StopReason.DEADLINE, result.stopReason());
    // Each call takes 5 ms: the 13th would start at the deadline. One-by-one needs at least one
    // call per item.
    assertTrue(NEEDLES.length() > 12, NEEDLES);
    assertEquals(12, result.runs(), result.toString());
    assertEquals(Duration.ofMillis(60), result.elapsed());
    assertTrue(TWO_XS.test(result.reduced()));
  }

  @Test
  void interruptingTheThreadReturnsTheBestSoFar() {
    int interruptAfter = 6;
    int[] calls = {0};
    Oracle<String> interrupting =
        text -> {
          if (++calls[0] == interruptAfter) {
            Thread.currentThread().interrupt();
          }
          return TWO_XS.test(text) ? Outcome.INTERESTING : Outcome.NOT_INTERESTING;
        };
    ReductionResult<String> result;
    try {
      result = reduce(NEEDLES).run(interrupting);
    } finally {
      Thread.interrupted();
    }

    assertEquals(StopReason.INTERRUPTED, result.stopReason());
    assertEquals(interruptAfter, result.runs());
    assertTrue(TWO_XS.test(result.reduced()));
    assertTrue(result.reducedSize() < NEEDLES.length(), "six calls of ddmin make progress here");
  }

  @Test
  void anUninterestingOriginalIsReportedWithTheOraclesAnswer() {
    OriginalNotInterestingException notInteresting =
        assertThrows(
            OriginalNotInterestingException.class,
            () -> reduce("abc").run(text -> Outcome.UNRESOLVED));
    assertEquals(Outcome.UNRESOLVED, notInteresting.outcome());

    assertThrows(
        OriginalNotInterestingException.class, () -> reduce("abc").run(Oracle.of(text -> false)));
  }

  @Test
  void anOracleExceptionEndsTheReductionAfterTheBestWasReported() {
    RuntimeException crash = new IllegalStateException("oracle broke");
    List<String> improvements = new ArrayList<>();
    Oracle<String> failingLate =
        text -> {
          if (text.length() < 20) {
            throw crash;
          }
          return TWO_XS.test(text) ? Outcome.INTERESTING : Outcome.NOT_INTERESTING;
        };
    Reduction<String> reduction =
        reduce(NEEDLES).withImprovementListener((best, progress) -> improvements.add(best));

    ReductionException thrown =
        assertThrows(ReductionException.class, () -> reduction.run(failingLate));

    assertSame(crash, thrown.getCause());
    assertFalse(improvements.isEmpty());
    assertTrue(TWO_XS.test(improvements.get(improvements.size() - 1)));
  }

  @Test
  void theTrajectoryRecordsEveryImprovementWithItsCost() {
    List<Progress> atImprovement = new ArrayList<>();
    ReductionResult<String> result =
        reduce(NEEDLES)
            .withImprovementListener((best, p) -> atImprovement.add(p))
            .run(Oracle.of(TWO_XS));

    List<Improvement> trajectory = result.trajectory();
    assertEquals(atImprovement.size(), trajectory.size());
    assertEquals(
        new Improvement(1, trajectory.get(0).elapsed(), NEEDLES.length()), trajectory.get(0));
    for (int i = 0; i < trajectory.size(); i++) {
      assertEquals(atImprovement.get(i).runs(), trajectory.get(i).runs());
      assertEquals(atImprovement.get(i).bestSize(), trajectory.get(i).size());
    }
    Improvement last = trajectory.get(trajectory.size() - 1);
    assertEquals(result.reducedSize(), last.size());
    assertTrue(last.runs() <= result.runs());
    assertTrue(last.elapsed().compareTo(result.elapsed()) <= 0);
  }

  @Test
  void improvementsShrinkStrictlyAndEndWithTheResult() {
    List<String> improvements = new ArrayList<>();
    List<Progress> progress = new ArrayList<>();
    ReductionResult<String> result =
        reduce(NEEDLES)
            .withImprovementListener((best, p) -> improvements.add(best))
            .withProgressListener(progress::add)
            .run(Oracle.of(TWO_XS));

    assertEquals(NEEDLES, improvements.get(0));
    for (int i = 1; i < improvements.size(); i++) {
      assertTrue(
          improvements.get(i).length() < improvements.get(i - 1).length(), improvements.toString());
    }
    assertEquals(result.reduced(), improvements.get(improvements.size() - 1));

    assertEquals(result.runs() + result.cacheHits(), progress.size());
    for (int i = 1; i < progress.size(); i++) {
      assertTrue(progress.get(i).runs() >= progress.get(i - 1).runs());
      assertTrue(progress.get(i).bestSize() <= progress.get(i - 1).bestSize());
    }
    assertEquals(result.reducedSize(), progress.get(progress.size() - 1).bestSize());
  }

  @Test
  void oneMinimalIsFalseWhenTheReductionStoppedShortOfTheProof() {
    ReductionResult<String> complete = reduce(NEEDLES).run(Oracle.of(TWO_XS));
    long allButOne = complete.runs() - 1;

    ReductionResult<String> cutShort =
        reduce(NEEDLES)
            .withBudget(Budget.unlimited().withMaxRuns(allButOne))
            .run(Oracle.of(TWO_XS));

    assertTrue(complete.oneMinimal());
    assertEquals(StopReason.MAX_RUNS, cutShort.stopReason());
    assertFalse(cutShort.oneMinimal(), cutShort.toString());
  }

  @Test
  void anUnknownAlgorithmNameIsRejectedWithTheKnownNames() {
    IllegalArgumentException unknown =
        assertThrows(IllegalArgumentException.class, () -> Algorithms.named("ddmax"));
    assertTrue(unknown.getMessage().contains(Algorithms.DDMIN), unknown.getMessage());
  }

  private static Reduction<String> reduce(String text) {
    return Whittle.reduce(SequenceInputs.chars(text)).withAlgorithm(Algorithms.ddmin());
  }
}
