package dev.whittle.jazzer.target;

import java.util.concurrent.atomic.AtomicReference;

/**
 * The worker whose run is in progress for one runner's target, shared by the runner's {@link
 * RunWatchdog} (whose workers set it) and the {@link TargetClassLoader}s it loads the target in
 * (through which {@link ExitTrap} finds it). An exit requested on a thread the target started is
 * credited through the loader that defined the calling class, so with several runners at once
 * ({@code --jobs}) it goes to the run of the runner whose target asked, and to none between runs.
 */
final class CurrentRun {
  /**
   * A class loader whose rewritten classes' exit requests are credited to a runner's runs: {@link
   * TargetClassLoader} and {@link FuzzTestClassLoader}. {@link ExitTrap} looks for it on the stack.
   */
  interface Owner {
    CurrentRun currentRun();
  }

  private final AtomicReference<RunWorker> worker = new AtomicReference<>();

  /** The worker whose run is in progress, or null between runs. */
  RunWorker worker() {
    return worker.get();
  }

  void started(RunWorker running) {
    worker.set(running);
  }

  /** Ends {@code finished}'s run; a later worker's run, after an abandoned one, stays. */
  void ended(RunWorker finished) {
    worker.compareAndSet(finished, null);
  }
}
