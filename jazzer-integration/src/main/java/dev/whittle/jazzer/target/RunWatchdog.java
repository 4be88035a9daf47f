package dev.whittle.jazzer.target;

import static com.google.common.base.Preconditions.checkArgument;

import java.time.Duration;

/**
 * Executes the runs of one {@link TargetRunner} on a long-lived {@link RunWorker} under a per-run
 * timeout, and replaces the worker after a run that timed out (or whose caller was interrupted).
 * Not thread-safe: one caller.
 */
final class RunWatchdog implements AutoCloseable {
  /** How one run ended. {@code thrown} is null when nothing was thrown. */
  record RawRun(Ending ending, Throwable thrown, boolean exitRequested, int exitStatus) {
    static final RawRun CLEAN = new RawRun(Ending.COMPLETED, null, false, 0);
    static final RawRun TIMED_OUT = new RawRun(Ending.TIMED_OUT, null, false, 0);
    static final RawRun INTERRUPTED = new RawRun(Ending.CALLER_INTERRUPTED, null, false, 0);
  }

  /** The ways a run can end. */
  enum Ending {
    COMPLETED,
    TIMED_OUT,
    CALLER_INTERRUPTED
  }

  private final long timeoutNanos;
  private final long stackSizeBytes;
  private final CurrentRun running = new CurrentRun();
  private RunWorker worker;
  private int workersStarted;

  RunWatchdog(Duration timeout) {
    this(timeout, 0);
  }

  /**
   * @param stackSizeBytes the stack size of the worker threads, or 0 for the JVM's default ({@code
   *     -Xss}), as for any thread
   */
  RunWatchdog(Duration timeout, long stackSizeBytes) {
    checkArgument(
        !timeout.isNegative() && !timeout.isZero(), "timeout must be positive: %s", timeout);
    checkArgument(stackSizeBytes >= 0, "stack size must not be negative: %s", stackSizeBytes);
    this.timeoutNanos = timeout.toNanos();
    this.stackSizeBytes = stackSizeBytes;
  }

  RawRun run(RunBody body, byte[] input) {
    return run(body, input, timeoutNanos);
  }

  /**
   * Runs {@code body} with a longer limit than a single call gets: fuzzerInitialize loads classes
   * and warms up, and Jazzer itself puts no limit on it.
   */
  RawRun runAtLeast(RunBody body, byte[] input, Duration limit) {
    return run(body, input, atLeast(limit).toNanos());
  }

  /** The limit {@link #runAtLeast} gives a run: {@code limit}, or the per-run timeout if longer. */
  Duration atLeast(Duration limit) {
    return Duration.ofNanos(Math.max(timeoutNanos, limit.toNanos()));
  }

  private RawRun run(RunBody body, byte[] input, long limitNanos) {
    RunWorker current = worker();
    RunWorker.Ending ending = current.run(body, input, System.nanoTime() + limitNanos);
    switch (ending) {
      case COMPLETED:
        Throwable thrown = current.thrown();
        boolean exited = current.exitRequested();
        return thrown == null && !exited
            ? RawRun.CLEAN
            : new RawRun(Ending.COMPLETED, thrown, exited, current.exitStatus());
      case TIMED_OUT:
        abandonWorker();
        return RawRun.TIMED_OUT;
      default:
        abandonWorker();
        return RawRun.INTERRUPTED;
    }
  }

  /** Where this runner's workers announce their runs; give it to the loaders of the target. */
  CurrentRun currentRun() {
    return running;
  }

  /** Workers started so far: 1 plus one for each run that had to be abandoned. */
  int workersStarted() {
    return workersStarted;
  }

  private RunWorker worker() {
    if (worker == null) {
      worker = new RunWorker(stackSizeBytes, running);
      workersStarted++;
    }
    return worker;
  }

  private void abandonWorker() {
    worker.abandon();
    worker = null;
  }

  @Override
  public void close() {
    if (worker != null) {
      worker.stop();
      worker = null;
    }
  }
}
