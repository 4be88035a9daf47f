package dev.whittle.jazzer.target;

import dev.whittle.jazzer.agent.SwallowedOverflows;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A long-lived thread that runs one {@link RunBody} at a time for one caller, so that a run can be
 * timed out without creating a thread per run. The hand-over is two volatile sequence numbers: each
 * side spins briefly (a trivial target answers almost at once) and then parks, announcing that
 * through a volatile flag the other side reads after publishing; with volatile accesses
 * sequentially consistent, one of the two always sees the other and no wake-up is lost.
 *
 * <p>After a timeout the caller {@link #abandon}s the worker: it is interrupted and, should the
 * target ever return, exits without touching anything. A fresh worker takes its place.
 */
final class RunWorker {
  /**
   * How long each side spins before parking. Only worth it with a second core to run the other side
   * meanwhile: on one core, spinning just delays the thread it waits for.
   */
  private static final int SPINS = Runtime.getRuntime().availableProcessors() > 1 ? 1_000 : 0;

  private static final AtomicInteger THREAD_NUMBERS = new AtomicInteger();

  /** Where this worker announces its runs, for exits requested on threads the target started. */
  private final CurrentRun running;

  private final WorkerThread thread;

  // Written by the caller before the volatile write of `requested`, read by the worker after it.
  private RunBody body;
  private byte[] input;
  private Thread caller;
  private volatile long requested;
  private volatile boolean workerParked;

  // Written by the worker before the volatile write of `completed`, read by the caller after it.
  private Throwable thrown;
  private volatile long completed;
  private volatile boolean callerParked;

  private volatile boolean exitRequested;
  private volatile int exitStatus;
  private volatile boolean abandoned;

  RunWorker(long stackSizeBytes, CurrentRun running) {
    this.running = running;
    thread = new WorkerThread(this, stackSizeBytes);
    thread.start();
  }

  /** How a run ended, from the caller's side. */
  enum Ending {
    COMPLETED,
    TIMED_OUT,
    CALLER_INTERRUPTED
  }

  /**
   * Hands {@code body} and {@code input} to the worker and waits until {@code deadlineNanos} (a
   * {@link System#nanoTime()} value). MUST be called by one thread at a time, and never again after
   * a result other than {@link Ending#COMPLETED}.
   */
  Ending run(RunBody body, byte[] input, long deadlineNanos) {
    long sequence = requested + 1;
    this.body = body;
    this.input = input;
    this.caller = Thread.currentThread();
    requested = sequence;
    if (workerParked) {
      LockSupport.unpark(thread);
    }
    return awaitCompletion(sequence, deadlineNanos);
  }

  private Ending awaitCompletion(long sequence, long deadlineNanos) {
    int spins = 0;
    while (completed != sequence) {
      if (spins < SPINS) {
        spins++;
        Thread.onSpinWait();
        continue;
      }
      if (Thread.currentThread().isInterrupted()) {
        return Ending.CALLER_INTERRUPTED;
      }
      long remaining = deadlineNanos - System.nanoTime();
      if (remaining <= 0) {
        return Ending.TIMED_OUT;
      }
      callerParked = true;
      if (completed != sequence) {
        LockSupport.parkNanos(this, remaining);
      }
      callerParked = false;
    }
    return Ending.COMPLETED;
  }

  /** What the last completed run threw, or null. */
  Throwable thrown() {
    return thrown;
  }

  /** Whether the last completed run asked the JVM to exit. */
  boolean exitRequested() {
    return exitRequested;
  }

  int exitStatus() {
    return exitStatus;
  }

  /** Gives up on the worker: interrupts it and lets it die whenever the target returns. */
  void abandon() {
    abandoned = true;
    running.ended(this);
    thread.interrupt();
    LockSupport.unpark(thread);
  }

  /** Stops an idle worker. */
  void stop() {
    abandon();
  }

  boolean isAlive() {
    return thread.isAlive();
  }

  /**
   * Notes an exit request: on a worker's own thread for that worker's run (dropped if it was
   * abandoned, even though its target is still running); on any other thread for the run in
   * progress in the runner whose loader defined the calling class, if any.
   *
   * @param caller the loader of the innermost target class on the calling stack, or null
   */
  static void recordExitRequest(int status, CurrentRun.Owner caller) {
    RunWorker worker =
        Thread.currentThread() instanceof WorkerThread own
            ? own.worker
            : caller != null ? caller.currentRun().worker() : null;
    if (worker != null && !worker.abandoned) {
      worker.exitStatus = status;
      worker.exitRequested = true;
    }
  }

  private void loop() {
    long done = 0;
    while (awaitRequest(done + 1)) {
      done++;
      RunBody currentBody = body;
      byte[] currentInput = input;
      body = null;
      input = null;
      exitRequested = false;
      running.started(this);
      Throwable result;
      SwallowedOverflows.clear();
      try {
        result = currentBody.run(currentInput);
      } catch (Throwable escaped) {
        result = escaped;
      }
      result = withSwallowedOverflow(result, SwallowedOverflows.take());
      running.ended(this);
      if (abandoned) {
        return;
      }
      Thread.interrupted(); // A target that interrupts itself must not spin the next park.
      thrown = result;
      Thread waiting = caller;
      completed = done;
      if (callerParked) {
        LockSupport.unpark(waiting);
      }
    }
  }

  /**
   * What the run threw, or the stack overflow Jazzer's transformer met and the JVM dropped during
   * it ({@link SwallowedOverflows}), unless the run overflowed on its own: without the agent that
   * overflow would have ended the run.
   */
  static Throwable withSwallowedOverflow(Throwable thrown, StackOverflowError swallowed) {
    if (swallowed == null || rootIsOverflow(thrown)) {
      return thrown;
    }
    return swallowed;
  }

  private static boolean rootIsOverflow(Throwable thrown) {
    for (int depth = 0; thrown != null && depth < 100; depth++, thrown = thrown.getCause()) {
      if (thrown instanceof StackOverflowError) {
        return true;
      }
    }
    return false;
  }

  private boolean awaitRequest(long sequence) {
    int spins = 0;
    while (requested != sequence) {
      if (abandoned) {
        return false;
      }
      if (spins < SPINS) {
        spins++;
        Thread.onSpinWait();
        continue;
      }
      workerParked = true;
      if (requested != sequence && !abandoned) {
        LockSupport.park(this);
      }
      workerParked = false;
    }
    return !abandoned;
  }

  /** The worker's thread; a daemon, so that an abandoned hang never keeps the JVM alive. */
  private static final class WorkerThread extends Thread {
    final RunWorker worker;

    WorkerThread(RunWorker worker, long stackSizeBytes) {
      super(null, null, "whittle-run-" + THREAD_NUMBERS.incrementAndGet(), stackSizeBytes);
      this.worker = worker;
      setDaemon(true);
    }

    @Override
    public void run() {
      worker.loop();
    }
  }
}
