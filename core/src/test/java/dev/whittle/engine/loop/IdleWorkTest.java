package dev.whittle.engine.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.Budget;
import dev.whittle.api.IdleWork;
import dev.whittle.api.Oracle;
import dev.whittle.api.Outcome;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.Whittle;
import dev.whittle.engine.sequence.Subsequence;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The jobs a search leaves idle take {@link IdleWork}, and never more than the jobs run at once.
 */
class IdleWorkTest {
  /** Counts what runs at once: questions and idle tasks alike. */
  private static final class Running {
    final AtomicInteger now = new AtomicInteger();
    final AtomicInteger most = new AtomicInteger();
    final AtomicInteger tasksDone = new AtomicInteger();
    final AtomicInteger asked = new AtomicInteger();

    void during(Runnable work) {
      most.accumulateAndGet(now.incrementAndGet(), Math::max);
      try {
        work.run();
      } finally {
        now.decrementAndGet();
      }
    }

    Oracle<String> oracle(String needed) {
      return text -> {
        Outcome[] answer = new Outcome[1];
        during(
            () -> {
              pause();
              answer[0] = text.contains(needed) ? Outcome.INTERESTING : Outcome.NOT_INTERESTING;
            });
        return answer[0];
      };
    }

    IdleWork work() {
      return () -> {
        asked.incrementAndGet();
        return () ->
            during(
                () -> {
                  pause();
                  tasksDone.incrementAndGet();
                });
      };
    }
  }

  @Test
  void aSingleQuestionGivesTheOtherJobATaskAndReturnsOnlyWhenItIsDone() {
    Running running = new Running();
    try (OracleLoop<String> loop = twoJobs(running)) {
      assertTrue(loop.isInteresting(Subsequence.full(3)));
      assertEquals(1, running.tasksDone.get());
      assertEquals(2, running.most.get());
    }
  }

  @Test
  void aBatchAsLargeAsTheJobsLeavesNoneIdle() {
    Running running = new Running();
    try (OracleLoop<String> loop = twoJobs(running)) {
      loop.areInteresting(List.of(Subsequence.full(3), Subsequence.full(3).without(0, 1)));
      assertEquals(0, running.asked.get());
    }
  }

  @Test
  void aReductionWithTwoJobsNeverRunsMoreThanTwoAtOnceAndOneJobNoTask() {
    Running two = new Running();
    ReductionResult<String> result =
        Whittle.reduce(SequenceInputs.chars("xxbxxxaxx"))
            .withJobs(2)
            .withIdleWork(two.work())
            .run(two.oracle("b"));
    assertEquals("b", result.reduced());
    assertTrue(two.tasksDone.get() > 0, "no idle task ran");
    assertEquals(2, two.most.get());

    Running one = new Running();
    Whittle.reduce(SequenceInputs.chars("xxbxxxaxx")).withIdleWork(one.work()).run(one.oracle("b"));
    assertEquals(0, one.asked.get());
  }

  /** A loop with two jobs over "abc", interesting with a "b", the idle jobs taking work. */
  private static OracleLoop<String> twoJobs(Running running) {
    return new OracleLoop<>(
        SequenceInputs.chars("abc"),
        running.oracle("b"),
        Budget.unlimited(),
        List.of(),
        List.of(),
        2,
        running.work(),
        null);
  }

  private static void pause() {
    try {
      Thread.sleep(5);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
