package dev.whittle.engine.loop;

import dev.whittle.api.IdleWork;
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
 * single-threaded. The jobs a batch (or a single question) leaves idle take {@link IdleWork}, which
 * the batch waits for too: never more than {@code jobs} run at once.
 */
final class ParallelAsker<C> implements AutoCloseable {
  private final Oracle<? super C> oracle;
  private final int jobs;
  private final IdleWork idleWork;
  private final ExecutorService threads;

  ParallelAsker(Oracle<? super C> oracle, int jobs, IdleWork idleWork) {
    this.oracle = oracle;
    this.jobs = jobs;
    this.idleWork = idleWork;
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
    List<Future<?>> idle = idleTasks(jobs - contents.size());
    List<Outcome> outcomes = new ArrayList<>(contents.size());
    try {
      for (Future<Outcome> future : futures) {
        outcomes.add(future.get());
      }
      awaitIdle(idle);
      return outcomes;
    } catch (InterruptedException e) {
      futures.forEach(f -> f.cancel(true));
      idle.forEach(f -> f.cancel(true));
      Thread.currentThread().interrupt();
      throw new StopReduction(StopReason.INTERRUPTED);
    } catch (ExecutionException e) {
      futures.forEach(f -> f.cancel(true));
      idle.forEach(f -> f.cancel(true));
      throw new ReductionException(
          "the oracle threw on a candidate: " + e.getCause(), e.getCause());
    }
  }

  /**
   * The oracle's answer for {@code content}, asked on this thread as a loop with one job asks it,
   * while the other jobs take idle work. What the oracle throws is thrown as it is.
   */
  Outcome askOne(C content) {
    List<Future<?>> idle = idleTasks(jobs - 1);
    if (idle.isEmpty()) {
      return oracle.test(content);
    }
    try {
      Outcome outcome = oracle.test(content);
      awaitIdle(idle);
      return outcome;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StopReduction(StopReason.INTERRUPTED);
    } finally {
      idle.forEach(f -> f.cancel(true));
    }
  }

  /** Up to {@code free} tasks of the idle work, started. */
  private List<Future<?>> idleTasks(int free) {
    List<Future<?>> started = new ArrayList<>();
    for (int i = 0; i < free; i++) {
      Runnable task = idleWork.next();
      if (task == null) {
        break;
      }
      started.add(threads.submit(task));
    }
    return started;
  }

  /** Waits for the idle tasks; what they throw is theirs to report, not the reduction's. */
  private static void awaitIdle(List<Future<?>> idle) throws InterruptedException {
    for (Future<?> task : idle) {
      try {
        task.get();
      } catch (ExecutionException e) {
        // Ignored, as IdleWork's contract says.
      }
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
