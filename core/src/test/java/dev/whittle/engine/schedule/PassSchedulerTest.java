package dev.whittle.engine.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.Budget;
import dev.whittle.api.ContentTester;
import dev.whittle.api.Oracle;
import dev.whittle.api.Outcome;
import dev.whittle.api.Pass;
import dev.whittle.api.SequenceInputs;
import dev.whittle.engine.loop.OracleLoop;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Turns by yield, allowances and cut-offs, counted on a scripted oracle. */
class PassSchedulerTest {
  private static final String ORIGINAL = "abcdefghijklmnopqrstuvwxyz";

  private final List<String> asked = new ArrayList<>();

  private OracleLoop<String> loop(Set<String> interesting) {
    Oracle<String> scripted =
        candidate -> {
          asked.add(candidate);
          return candidate.equals(ORIGINAL) || interesting.contains(candidate)
              ? Outcome.INTERESTING
              : Outcome.NOT_INTERESTING;
        };
    OracleLoop<String> loop =
        new OracleLoop<>(
            SequenceInputs.chars(ORIGINAL), scripted, Budget.unlimited(), List.of(), List.of());
    loop.askOriginal();
    asked.clear();
    return loop;
  }

  /**
   * Asks the scripted candidates in order, as long as the tester lets it, and returns the last one
   * found interesting; records that it ran.
   */
  private static class Scripted implements Pass<String> {
    final String name;
    final List<String> candidates;
    final List<String> turns;

    Scripted(String name, List<String> candidates, List<String> turns) {
      this.name = name;
      this.candidates = candidates;
      this.turns = turns;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public String reduce(String current, ContentTester<String> tester) {
      turns.add(name);
      String best = current;
      for (String candidate : candidates) {
        if (candidate.length() < best.length() && tester.isInteresting(candidate)) {
          best = candidate;
        }
      }
      return best;
    }
  }

  /** {@code count} distinct candidates shorter than the original, none of them in the script. */
  private static List<String> failing(String prefix, int count) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      out.add(prefix + i);
    }
    return out;
  }

  @Test
  void aPassThatFindsNothingIsCutOffAfterExactlyItsAllowanceAndTheNextPassStillRuns() {
    OracleLoop<String> loop = loop(Set.of("z"));
    List<String> turns = new ArrayList<>();
    PassScheduler<String> scheduler =
        new PassScheduler<>(
            List.of(
                new Scripted("nothing", failing("n", 1000), turns),
                new Scripted("finds", List.of("y", "z"), turns)));

    assertTrue(scheduler.runRound(loop, 10));

    assertEquals(List.of("nothing", "finds"), turns);
    assertEquals(failing("n", 10), asked.subList(0, 10), "ten questions, not a thousand");
    assertEquals(List.of("y", "z"), asked.subList(10, 12));
    assertEquals(12, asked.size());
    assertEquals("z", loop.bestContent());
    assertEquals(1, scheduler.cutOffs());
    assertTrue(scheduler.hasCutOffPasses());
  }

  @Test
  void aPassThatDoesNotApplyGetsNoTurnAndIsNotCountedAmongTheApplicable() {
    OracleLoop<String> loop = loop(Set.of("z"));
    List<String> turns = new ArrayList<>();
    Pass<String> inapplicable =
        new Scripted("tar-on-text", failing("t", 1000), turns) {
          @Override
          public boolean appliesTo(String content) {
            return false;
          }
        };
    PassScheduler<String> scheduler =
        new PassScheduler<>(List.of(inapplicable, new Scripted("finds", List.of("y", "z"), turns)));

    assertEquals(1, scheduler.applicable(ORIGINAL));
    assertTrue(scheduler.runRound(loop, 10));

    assertEquals(List.of("finds"), turns);
    assertEquals(List.of("y", "z"), asked);
  }

  @Test
  void aFindWithinTheAllowanceRenewsItSoNoReductionWithinItIsLost() {
    // Finds at the 10th, 20th and 30th question: each exactly within an allowance of 10.
    List<String> candidates = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      candidates.addAll(failing("f" + i + "-", 9));
      candidates.add(ORIGINAL.substring(0, 20 - 5 * i));
    }
    OracleLoop<String> loop =
        loop(
            Set.of(
                ORIGINAL.substring(0, 20), ORIGINAL.substring(0, 15), ORIGINAL.substring(0, 10)));
    PassScheduler<String> scheduler =
        new PassScheduler<>(List.of(new Scripted("sparse", candidates, new ArrayList<>())));

    assertTrue(scheduler.runRound(loop, 10));

    assertEquals(ORIGINAL.substring(0, 10), loop.bestContent());
    assertEquals(30, asked.size());
    assertEquals(0, scheduler.cutOffs());
  }

  @Test
  void aCutOffPassGetsTwiceItsAllowanceInARetryAndCachedQuestionsCostNothing() {
    OracleLoop<String> loop = loop(Set.of());
    PassScheduler<String> scheduler =
        new PassScheduler<>(
            List.of(new Scripted("nothing", failing("n", 1000), new ArrayList<>())));

    assertFalse(scheduler.runRound(loop, 10));
    assertEquals(10, asked.size());
    assertFalse(scheduler.runRound(loop, 10));
    assertEquals(10, asked.size(), "a regular round skips a pass that gained nothing");
    assertTrue(scheduler.hasCutOffPasses());
    assertFalse(scheduler.retryCutOffPasses(loop, 10, Long.MAX_VALUE));
    assertEquals(30, asked.size(), "the first ten answered from the cache, then twenty more");
    assertEquals(failing("n", 30), asked);
    assertEquals(30, scheduler.wastedCalls());
  }

  @Test
  void turnsGoByYieldAndAPassThatGainedNothingWaitsUntilTheContentHalves() {
    OracleLoop<String> loop = loop(Set.of("abcdefghijklmnopqrstu", "abcdefghijklm", "abcdef"));
    List<String> turns = new ArrayList<>();
    // "poor" runs to completion without a find; "rich" finds two of its three candidates.
    PassScheduler<String> scheduler =
        new PassScheduler<>(
            List.of(
                new Scripted("poor", failing("p", 5), turns),
                new Scripted("rich", List.of("abcdefghijklmnopqrstu", "x", "abcdefghijklm"), turns),
                new Scripted("late", List.of("abcdef"), turns)));

    assertTrue(scheduler.runRound(loop, 100));
    assertEquals(List.of("poor", "rich", "late"), turns, "first round: the configured order");
    assertEquals("abcdef", loop.bestContent());

    turns.clear();
    scheduler.runRound(loop, 100);
    // late: 13 -> 6 in one call; rich: 26 -> 13 in three; poor: nothing, but 26 -> 6 is halved.
    assertEquals(List.of("late", "rich", "poor"), turns);

    turns.clear();
    scheduler.runRound(loop, 100);
    assertFalse(turns.contains("poor"), "nothing gained on content that has not halved since");
  }

  @Test
  void theWasteLimitIsSharedAndTheAllowanceFollowsTheSizeOfTheContentAtEachTurn() {
    OracleLoop<String> loop = loop(Set.of("abcd"));
    List<String> turns = new ArrayList<>();
    PassScheduler<String> scheduler =
        new PassScheduler<>(
            List.of(
                new Scripted("shrinks", List.of("abcd"), turns),
                new Scripted("first", failing("f", 1000), turns),
                new Scripted("second", failing("s", 1000), turns),
                new Scripted("third", failing("t", 1000), turns)));

    // Allowance: twice the size of the content at the pass's turn; 10 calls wasted in all.
    assertTrue(scheduler.runRound(loop, size -> 2L * size, 10));

    // "first" starts on 4 items: 8 calls; "second" gets what is left, 2; "third" waits.
    assertEquals(List.of("shrinks", "first", "second"), turns);
    assertEquals(List.of("abcd"), asked.subList(0, 1));
    assertEquals(failing("f", 8), asked.subList(1, 9));
    assertEquals(failing("s", 2), asked.subList(9, 11));
    assertEquals(11, asked.size());
    assertEquals(10, scheduler.wastedTail());
  }
}
