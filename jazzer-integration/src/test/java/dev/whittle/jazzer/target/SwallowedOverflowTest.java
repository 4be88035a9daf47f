package dev.whittle.jazzer.target;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.whittle.jazzer.agent.SwallowedOverflows;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A stack overflow that Jazzer's class-file transformer met during a run, and that the JVM dropped,
 * is the run's finding: without the agent it would have ended the run there.
 */
class SwallowedOverflowTest {
  @Test
  void aRunThatOtherwiseFoundNothingOrSomethingElseEndsInTheSwallowedOverflow() {
    StackOverflowError swallowed = new StackOverflowError();
    IllegalArgumentException later = new IllegalArgumentException("unclosed");

    assertSame(swallowed, RunWorker.withSwallowedOverflow(null, swallowed));
    assertSame(swallowed, RunWorker.withSwallowedOverflow(later, swallowed));
    assertNull(RunWorker.withSwallowedOverflow(null, null));
    assertSame(later, RunWorker.withSwallowedOverflow(later, null));
  }

  @Test
  void aRunThatOverflowedOnItsOwnKeepsItsOverflow() {
    StackOverflowError own = new StackOverflowError();
    IllegalStateException wrapped = new IllegalStateException("too deep", own);
    StackOverflowError swallowed = new StackOverflowError();

    assertSame(own, RunWorker.withSwallowedOverflow(own, swallowed));
    assertSame(wrapped, RunWorker.withSwallowedOverflow(wrapped, swallowed));
  }

  @Test
  void theWorkerReportsWhatATransformerRecordedDuringTheRunAndOnlyForThatRun() {
    StackOverflowError swallowed = new StackOverflowError();
    try (RunWatchdog runner = new RunWatchdog(Duration.ofSeconds(10))) {
      RunWatchdog.RawRun recorded =
          runner.run(
              input -> {
                SwallowedOverflows.record(swallowed);
                return null;
              },
              new byte[0]);
      RunWatchdog.RawRun next = runner.run(input -> null, new byte[0]);

      assertSame(swallowed, recorded.thrown());
      assertNull(next.thrown(), "forgotten after the run that recorded it");
    }
  }
}
