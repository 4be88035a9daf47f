package dev.whittle.jazzer.api;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.Algorithms;
import dev.whittle.api.Budget;
import dev.whittle.api.Progress;
import dev.whittle.api.StopReason;
import dev.whittle.jazzer.targets.BugTarget;
import dev.whittle.jazzer.targets.TargetPaths;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CrashMinimizerTest {
  private static final CrashMinimizer BUG =
      CrashMinimizer.forTarget(BugTarget.class.getName(), TargetPaths.classPath());

  @Test
  void minimizesToTheBytesThatMatterAndReportsTheToken() {
    byte[] crash = "some prefix BUG and a suffix".getBytes(UTF_8);

    MinimizationResult result = BUG.withAlgorithm(Algorithms.ddmin()).minimize(crash);

    assertEquals("BUG", new String(result.minimized(), UTF_8));
    assertTrue(result.dedupToken().matches("[0-9a-f]{16}"), result.dedupToken());
    assertEquals(IllegalStateException.class.getName(), result.finding().exceptionClassName());
    assertEquals(
        CrashMinimizer.DEFAULT_REPRODUCTION_RUNS + result.reduction().runs() + 1, result.runs());
    assertTrue(result.verified());
  }

  @Test
  void severalJobsRunInLoadersOfTheirOwnAndFindWhatOneJobFinds() {
    byte[] crash = ("junk ".repeat(40) + "BUG" + " more junk".repeat(30)).getBytes(UTF_8);

    MinimizationResult one = BUG.minimize(crash);
    MinimizationResult three = BUG.withJobs(3).minimize(crash);

    assertEquals("BUG", new String(three.minimized(), UTF_8));
    assertEquals(new String(one.minimized(), UTF_8), new String(three.minimized(), UTF_8));
    assertEquals(one.dedupToken(), three.dedupToken());
    assertTrue(three.verified());
    assertTrue(
        three.reduction().runs() >= one.reduction().runs(), "speculative questions only add calls");
    assertEquals(
        CrashMinimizer.DEFAULT_REPRODUCTION_RUNS + three.reduction().runs() + 1,
        three.runs(),
        "the runs of every job are counted");
  }

  @Test
  void theResultIsImmutable() {
    byte[] crash = "xBUGx".getBytes(UTF_8);
    MinimizationResult result = BUG.minimize(crash);

    crash[1] = 'b';
    result.minimized()[0] = 'b';
    result.original()[1] = 'b';

    assertEquals("BUG", new String(result.minimized(), UTF_8));
    assertEquals("xBUGx", new String(result.original(), UTF_8));
  }

  @Test
  void aDifferentFindingIsNotTheCrashButTheSameTypeIsInTheLooserMode() {
    // "OTHER" throws IllegalArgumentException: never a reproduction of "BUG"'s
    // IllegalStateException.
    byte[] crash = "OTHER BUG".getBytes(UTF_8);
    assertEquals("BUG", new String(BUG.minimize(crash).minimized(), UTF_8));

    MinimizationResult loose =
        BUG.withMatchMode(MatchMode.exceptionType()).minimize("aBUGa".getBytes(UTF_8));
    assertEquals("BUG", new String(loose.minimized(), UTF_8));
  }

  @Test
  void theBudgetBoundsTheReduction() {
    MinimizationResult result =
        BUG.withBudget(Budget.unlimited().withMaxRuns(2)).minimize("aaaaBUGaaaa".getBytes(UTF_8));
    assertTrue(result.reduction().runs() <= 2, result::toString);
  }

  @Test
  void progressListenersHearTheReduction() {
    List<Progress> heard = new ArrayList<>();

    MinimizationResult result =
        BUG.withProgressListener(heard::add).minimize("aaaaBUGaaaa".getBytes(UTF_8));

    assertEquals(result.reduction().runs(), heard.get(heard.size() - 1).runs());
    assertEquals(3, heard.get(heard.size() - 1).bestSize());
  }

  @Test
  void anInterruptEndsTheReductionWithTheBestSoFarUnverified() {
    // The listener runs on the minimizing thread, so this interrupts the reduction itself.
    CrashMinimizer interrupting =
        BUG.withProgressListener(
            progress -> {
              if (progress.runs() == 2) {
                Thread.currentThread().interrupt();
              }
            });
    try {
      MinimizationResult result = interrupting.minimize("aaaaBUGaaaa".getBytes(UTF_8));

      assertTrue(Thread.currentThread().isInterrupted(), "the flag stays set for the caller");
      assertEquals(StopReason.INTERRUPTED, result.reduction().stopReason());
      assertFalse(result.verified());
      assertTrue(new String(result.minimized(), UTF_8).contains("BUG"), result::toString);
    } finally {
      Thread.interrupted();
    }
  }

  @Test
  void aMissingTargetClassIsALoadErrorNamingIt() {
    FuzzTargetLoadException e =
        assertThrows(
            FuzzTargetLoadException.class,
            () ->
                CrashMinimizer.forTarget("com.example.Nowhere", List.of())
                    .minimize(new byte[] {1}));
    assertEquals("com.example.Nowhere", e.targetClass());
  }

  @Test
  void rejectsNonsenseOptionsWithTheirNames() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> BUG.withReproductionRuns(0));
    assertTrue(e.getMessage().contains("reproductionRuns"), e.getMessage());
  }
}
