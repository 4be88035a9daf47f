package dev.whittle.jazzer.corpus;

import static com.google.common.base.Preconditions.checkArgument;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;

/**
 * The one executor of the corpus engine: a stage's tasks on as many worker threads as there are
 * jobs, taken in the order given. With one job they run one after the other in that order, so
 * serial and parallel runs are the same code and a serial run's results and run counts do not
 * depend on timing.
 */
final class CorpusJobs {
  private final int jobs;

  CorpusJobs(int jobs) {
    checkArgument(jobs >= 1, "jobs must be at least 1, was %s", jobs);
    this.jobs = jobs;
  }

  int jobs() {
    return jobs;
  }

  /**
   * Runs every task and returns their results in task order, telling {@code done} how many have
   * come back (in order) after each. Null if a task returned null (a run that saw its thread
   * interrupted) or the calling thread was interrupted, whose interrupt then stays set. Either way
   * every task has ended when this returns, so none writes a file after it: the ones not started
   * never start, the running ones are interrupted and waited for (a run that hangs ends at the call
   * timeout). A task's exception is thrown as it is, a checked one other than {@link IOException}
   * wrapped.
   */
  <T> List<T> runAll(List<Callable<T>> tasks, IntConsumer done) throws IOException {
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(jobs, tasks.size())));
    try {
      List<Future<T>> futures = new ArrayList<>();
      for (Callable<T> task : tasks) {
        futures.add(pool.submit(task));
      }
      List<T> results = new ArrayList<>();
      for (Future<T> future : futures) {
        T result = future.get();
        if (result == null) {
          return null;
        }
        results.add(result);
        done.accept(results.size());
      }
      return results;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    } catch (ExecutionException e) {
      throw rethrown(e.getCause());
    } finally {
      pool.shutdownNow();
      awaitQuietly(pool);
    }
  }

  private static IOException rethrown(Throwable cause) {
    if (cause instanceof IOException io) {
      return io;
    }
    if (cause instanceof RuntimeException runtime) {
      throw runtime;
    }
    if (cause instanceof Error error) {
      throw error;
    }
    throw new IllegalStateException("a corpus job failed: " + cause, cause);
  }

  /** Waits for the jobs that were told to stop; keeps the caller's interrupt. */
  private static void awaitQuietly(ExecutorService pool) {
    boolean interrupted = Thread.interrupted();
    try {
      while (!pool.awaitTermination(1, TimeUnit.SECONDS)) {
        // Each job ends with its current run; a run that hangs ends at the call timeout.
      }
    } catch (InterruptedException e) {
      interrupted = true;
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
