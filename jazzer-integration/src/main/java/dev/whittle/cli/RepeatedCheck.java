package dev.whittle.cli;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

import com.google.common.base.Throwables;
import dev.whittle.api.Outcome;
import dev.whittle.jazzer.command.TestCommand;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs the test command several times on one content. The search trusts one answer per candidate,
 * so a test command that answers differently on the same content makes its result meaningless:
 * INPUT is checked before the search, and the result after it. With more than one job the runs of a
 * check go that many at once, as the search's questions do: each run of a test command that starts
 * a JVM costs a JVM start, and a check otherwise waits for every one in turn.
 */
final class RepeatedCheck {
  private final TestCommand oracle;
  private final int runs;
  private final int jobs;
  private final AtomicLong runsMade = new AtomicLong();

  RepeatedCheck(TestCommand oracle, int runs, int jobs) {
    this.oracle = checkNotNull(oracle, "oracle");
    checkArgument(runs >= 1, "runs must be at least 1, was %s", runs);
    checkArgument(jobs >= 1, "jobs must be at least 1, was %s", jobs);
    this.runs = runs;
    this.jobs = jobs;
  }

  /**
   * How the test command answers on {@code content}.
   *
   * @param untilNotInteresting whether to stop at the first run that is not interesting, when only
   *     whether all of them are matters
   */
  Tally check(byte[] content, boolean untilNotInteresting) {
    int made = 0;
    int interesting = 0;
    TestCommand.Run other = null;
    while (made < runs) {
      for (TestCommand.Run run : batch(content, Math.min(jobs, runs - made))) {
        if (run.outcome() == Outcome.UNRESOLVED) {
          return new Tally(made, interesting, Optional.ofNullable(other), true, runs);
        }
        made++;
        if (run.outcome() == Outcome.INTERESTING) {
          interesting++;
        } else {
          other = other == null ? run : other;
        }
      }
      if (untilNotInteresting && other != null) {
        break;
      }
    }
    return new Tally(made, interesting, Optional.ofNullable(other), false, runs);
  }

  /** {@code size} runs on {@code content} at once, the last one on this thread; in start order. */
  private List<TestCommand.Run> batch(byte[] content, int size) {
    List<CompletableFuture<TestCommand.Run>> others = new ArrayList<>();
    for (int i = 1; i < size; i++) {
      others.add(CompletableFuture.supplyAsync(() -> runOnce(content), RepeatedCheck::startThread));
    }
    List<TestCommand.Run> batch = new ArrayList<>();
    TestCommand.Run here = runOnce(content);
    for (CompletableFuture<TestCommand.Run> run : others) {
      batch.add(joined(run));
    }
    batch.add(here);
    return batch;
  }

  private static void startThread(Runnable run) {
    Thread thread = new Thread(run, "whittle-check");
    thread.setDaemon(true);
    thread.start();
  }

  /** The run's answer, or what it threw as it threw it (a test command that cannot start). */
  private static TestCommand.Run joined(CompletableFuture<TestCommand.Run> run) {
    try {
      return run.join();
    } catch (CompletionException e) {
      Throwables.throwIfUnchecked(e.getCause());
      throw e;
    }
  }

  private TestCommand.Run runOnce(byte[] content) {
    TestCommand.Run run = oracle.run(content);
    runsMade.incrementAndGet();
    return run;
  }

  /** The runs made so far by every check. */
  long runsMade() {
    return runsMade.get();
  }

  /**
   * How the runs on one content went.
   *
   * @param runs the runs that ended
   * @param interesting how many of them exited with status 0
   * @param firstOther the first that did not, for messages
   * @param interrupted whether Ctrl-C ended the check before all its runs
   * @param planned the runs the check would have made to the end
   */
  record Tally(
      int runs,
      int interesting,
      Optional<TestCommand.Run> firstOther,
      boolean interrupted,
      int planned) {
    boolean allInteresting() {
      return !interrupted && interesting == runs;
    }

    /** A phrase that completes "the test command ...". */
    String describe() {
      if (interesting + 1 == runs && firstOther.isPresent() && runs < planned) {
        // Stopped at the first run that was not interesting.
        return firstOther.get().description()
            + " on run "
            + runs
            + " of "
            + planned
            + " of the check";
      }
      return "exited with status 0 in "
          + interesting
          + " of "
          + runs
          + (runs == 1 ? " run" : " runs")
          + firstOther.map(run -> " and otherwise " + run.description()).orElse("");
    }
  }
}
