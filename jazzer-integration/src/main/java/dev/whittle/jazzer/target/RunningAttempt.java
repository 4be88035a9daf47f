package dev.whittle.jazzer.target;

import java.util.concurrent.atomic.AtomicReference;

/**
 * The worker whose run is in progress for one session's target, shared by the session's {@link
 * AttemptRunner} (whose workers set it) and the {@link TargetClassLoader}s it loads the target in
 * (through which {@link ExitTrap} finds it). An exit requested on a thread the target started is
 * credited through the loader that defined the calling class, so with several sessions at once
 * ({@code --jobs}) it goes to the run of the session whose target asked, and to none between runs.
 */
final class RunningAttempt {
  /**
   * A class loader whose rewritten classes' exit requests are credited to a session's runs: {@link
   * TargetClassLoader} and {@link FuzzTestClassLoader}. {@link ExitTrap} looks for it on the stack.
   */
  interface Owner {
    RunningAttempt runningAttempt();
  }

  private final AtomicReference<AttemptWorker> worker = new AtomicReference<>();

  /** The worker whose run is in progress, or null between runs. */
  AttemptWorker worker() {
    return worker.get();
  }

  void started(AttemptWorker running) {
    worker.set(running);
  }

  /** Ends {@code finished}'s run; a later worker's run, after an abandoned one, stays. */
  void ended(AttemptWorker finished) {
    worker.compareAndSet(finished, null);
  }
}
