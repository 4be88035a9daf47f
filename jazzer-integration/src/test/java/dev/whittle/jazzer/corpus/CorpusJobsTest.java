package dev.whittle.jazzer.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class CorpusJobsTest {
  @Test
  void oneJobRunsTheTasksOneAfterTheOtherInTheirOrder() throws IOException {
    List<Integer> started = Collections.synchronizedList(new ArrayList<>());
    AtomicInteger running = new AtomicInteger();
    AtomicBoolean overlapped = new AtomicBoolean();
    List<Callable<Integer>> tasks = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      int task = i;
      tasks.add(
          () -> {
            overlapped.compareAndSet(false, running.incrementAndGet() > 1);
            started.add(task);
            Thread.sleep(1);
            running.decrementAndGet();
            return task * 10;
          });
    }
    List<Integer> done = new ArrayList<>();

    List<Integer> results = new CorpusJobs(1).runAll(tasks, done::add);

    assertFalse(overlapped.get(), "one job ran two tasks at once");
    assertEquals(range(20, 1), started);
    assertEquals(range(20, 10), results);
    assertEquals(range(20, 1).stream().map(i -> i + 1).toList(), done);
  }

  @Test
  void moreJobsGiveTheResultsInTaskOrder() throws IOException {
    List<Callable<Integer>> tasks = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      int task = i;
      tasks.add(
          () -> {
            Thread.sleep(20 - task); // Later tasks end first.
            return task * 10;
          });
    }

    assertEquals(range(20, 10), new CorpusJobs(4).runAll(tasks, count -> {}));
  }

  @Test
  void aTaskExceptionComesOutAsItIs() {
    IOException io = new IOException("disk full");
    IllegalArgumentException runtime = new IllegalArgumentException("broken");
    CorpusJobs jobs = new CorpusJobs(1);

    assertSame(io, assertThrows(IOException.class, () -> jobs.runAll(failing(io), c -> {})));
    assertSame(
        runtime,
        assertThrows(IllegalArgumentException.class, () -> jobs.runAll(failing(runtime), c -> {})));
  }

  @Test
  void aNullResultEndsThePass() throws IOException {
    List<Callable<String>> tasks = List.of(() -> "a", () -> null, () -> "c");

    assertNull(new CorpusJobs(1).runAll(tasks, count -> {}));
  }

  @Test
  void anInterruptedCallerGetsNullOnlyAfterTheRunningTaskEnded() throws Exception {
    CountDownLatch running = new CountDownLatch(1);
    AtomicBoolean ended = new AtomicBoolean();
    AtomicBoolean laterStarted = new AtomicBoolean();
    List<Callable<String>> tasks =
        List.of(
            () -> {
              running.countDown();
              try {
                Thread.sleep(60_000);
              } catch (InterruptedException e) {
                Thread.sleep(200); // Ends a while after it is told to stop.
                ended.set(true);
              }
              return "first";
            },
            () -> {
              laterStarted.set(true);
              return "second";
            });
    Thread caller = Thread.currentThread();
    Thread interrupter =
        new Thread(
            () -> {
              try {
                running.await(10, TimeUnit.SECONDS);
              } catch (InterruptedException e) {
                return;
              }
              caller.interrupt();
            });
    interrupter.start();

    List<String> results = new CorpusJobs(1).runAll(tasks, count -> {});

    assertTrue(Thread.interrupted(), "the caller's interrupt stays set");
    interrupter.join();
    assertNull(results);
    assertTrue(ended.get(), "the running task ended before runAll returned");
    assertFalse(laterStarted.get(), "a task not started never starts");
  }

  private static <T> List<Callable<T>> failing(Exception exception) {
    return List.of(
        () -> {
          throw exception;
        });
  }

  private static List<Integer> range(int size, int factor) {
    List<Integer> list = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      list.add(i * factor);
    }
    return list;
  }
}
