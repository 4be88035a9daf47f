package dev.whittle.jazzer.crash;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

import dev.whittle.jazzer.api.Finding;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The N replays of one input that its verification asks for, up to {@code width} at a time: each
 * replay is a fresh JVM that mostly waits on its own start and class loading, so two at once on two
 * cores take little more than one. One miss fails the input, so the tally ends at the first miss in
 * the order the replays end, without waiting for replays started before it, and counts the matches
 * that ended before it; the replays still running then are cancelled (a cancelled replay's JVM is
 * destroyed by {@link FreshJvmCheck}). Width 1 runs them one after the other and starts none after
 * a miss.
 */
final class Replays {
  private Replays() {}

  /** How many replays matched before the first miss ended, and how many were started in all. */
  record Tally(int matched, int started) {}

  /**
   * Runs {@code replay} {@code runs} times, at most {@code width} at once.
   *
   * @throws IllegalStateException if the calling thread is interrupted (the replays are cancelled)
   *     or a replay fails to run at all
   */
  static Tally run(Supplier<Finding> replay, Predicate<Finding> matches, int runs, int width) {
    checkNotNull(replay, "replay");
    checkNotNull(matches, "matches");
    checkArgument(runs >= 1, "runs must be at least 1, was %s", runs);
    checkArgument(width >= 1, "width must be at least 1, was %s", width);
    AtomicInteger started = new AtomicInteger();
    if (width == 1) {
      for (int i = 0; i < runs; i++) {
        started.incrementAndGet();
        if (!matches.test(replay.get())) {
          return new Tally(i, started.get());
        }
      }
      return new Tally(runs, started.get());
    }
    ExecutorService pool =
        Executors.newFixedThreadPool(
            Math.min(width, runs),
            task -> {
              Thread thread = new Thread(task, "whittle-fresh-jvm-replay");
              thread.setDaemon(true);
              return thread;
            });
    try {
      CompletionService<Finding> replays = new ExecutorCompletionService<>(pool);
      for (int i = 0; i < runs; i++) {
        replays.submit(
            () -> {
              started.incrementAndGet();
              return replay.get();
            });
      }
      for (int i = 0; i < runs; i++) {
        if (!matches.test(outcome(next(replays)))) {
          return new Tally(i, started.get());
        }
      }
      return new Tally(runs, started.get());
    } finally {
      pool.shutdownNow(); // Interrupts what still runs after a miss: its JVM is destroyed.
    }
  }

  private static Future<Finding> next(CompletionService<Finding> replays) {
    try {
      return replays.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while a fresh JVM ran", e);
    }
  }

  private static Finding outcome(Future<Finding> replay) {
    try {
      return replay.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while a fresh JVM ran", e);
    } catch (CancellationException e) {
      throw new IllegalStateException("a fresh JVM's replay was cancelled", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException runtime) {
        throw runtime;
      }
      if (cause instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException("a fresh JVM's replay failed: " + cause, cause);
    }
  }
}
