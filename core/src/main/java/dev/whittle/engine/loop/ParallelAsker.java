package dev.whittle.engine.loop;

import dev.whittle.api.Oracle;
import dev.whittle.api.Outcome;
import dev.whittle.api.ReductionException;
import dev.whittle.api.StopReason;
import dev.whittle.engine.sequence.StopReduction;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Sends a batch of contents to a thread-safe oracle from {@code jobs} daemon threads and waits for
 * all answers. The loop records them on its own thread, so cache, counts and listeners stay
 * single-threaded.
 */
final class ParallelAsker<C> implements AutoCloseable {
  private final Oracle<? super C> oracle;
  private final int jobs;
  private final ExecutorService threads;

  ParallelAsker(Oracle<? super C> oracle, int jobs) {
    this.oracle = oracle;
    this.jobs = jobs;
    this.threads = Executors.newFixedThreadPool(jobs, daemonThreads());
  }

  int jobs() {
    return jobs;
  }

  /** The oracle's answers for {@code contents}, in order. */
  List<Outcome> askAll(List<C> contents) {
    List<Future<Outcome>> futures = new ArrayList<>(contents.size());
    for (C content : contents) {
      futures.add(threads.submit(() -> oracle.test(content)));
    }
    List<Outcome> outcomes = new ArrayList<>(contents.size());
    try {
      for (Future<Outcome> future : futures) {
        outcomes.add(future.get());
      }
      return outcomes;
    } catch (InterruptedException e) {
      futures.forEach(f -> f.cancel(true));
      Thread.currentThread().interrupt();
      throw new StopReduction(StopReason.INTERRUPTED);
    } catch (ExecutionException e) {
      futures.forEach(f -> f.cancel(true));
      throw new ReductionException(
          "the oracle threw on a candidate: " + e.getCause(), e.getCause());
    }
  }

  @Override
  public void close() {
    threads.shutdownNow();
  }

  private static ThreadFactory daemonThreads() {
    AtomicInteger count = new AtomicInteger();
    return task -> {
      Thread thread = new Thread(task, "whittle-oracle-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
