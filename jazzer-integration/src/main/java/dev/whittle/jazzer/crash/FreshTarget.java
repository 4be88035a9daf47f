package dev.whittle.jazzer.crash;

import dev.whittle.jazzer.api.TargetOptions;
import dev.whittle.jazzer.target.TargetRunner;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * The fresh copy of the target a result is verified with, opened while the reduction runs where a
 * core would otherwise be idle: loading and initializing a large library a second time costs as
 * much as a small crash's whole reduction, and nothing of it depends on the result. The copy runs
 * no input before the result, so it is as fresh as one opened afterwards; its initialization sees
 * the JVM-global state each run starts from, and anything the runs moved still sends the result to
 * fresh JVMs.
 *
 * <p>Only for a target of which several copies may run at once ({@link
 * dev.whittle.jazzer.api.FuzzTarget#maxJobs()}), with one job, where Jazzer's runtime is absent
 * (its detectors report into one slot per JVM). Otherwise the copy is opened when it is taken, as
 * before.
 */
final class FreshTarget implements AutoCloseable {
  private final TargetOptions options;
  private final CompletableFuture<TargetRunner> opening;
  private boolean taken;

  private FreshTarget(TargetOptions options, CompletableFuture<TargetRunner> opening) {
    this.options = options;
    this.opening = opening;
  }

  /** A fresh target opened now on a thread of its own. */
  static FreshTarget openingAhead(TargetOptions options) {
    CompletableFuture<TargetRunner> opening = new CompletableFuture<>();
    Thread thread =
        new Thread(
            () -> {
              try {
                opening.complete(TargetRunner.open(options, false, 0));
              } catch (Throwable t) {
                opening.completeExceptionally(t);
              }
            },
            "whittle-fresh-target");
    thread.setDaemon(true);
    thread.start();
    return new FreshTarget(options, opening);
  }

  /** A fresh target opened when it is taken. */
  static FreshTarget openingOnTake(TargetOptions options) {
    return new FreshTarget(options, null);
  }

  /**
   * Whether opening ahead pays and is safe: a core to spare, one job, a target that may have a
   * second copy at once, and no Jazzer runtime.
   */
  static boolean paysAhead(TargetOptions options, TargetRunner first) {
    return Runtime.getRuntime().availableProcessors() > 1
        && options.jobs() == 1
        && options.target().maxJobs() > 1
        && !first.jazzerRuntimePresent();
  }

  /**
   * The fresh runner, which the caller closes; null if the thread was interrupted while the copy
   * was still opening (it is closed once open).
   *
   * @throws dev.whittle.jazzer.api.FuzzTargetLoadException as {@link TargetRunner#open} does
   */
  TargetRunner take() {
    taken = true;
    if (opening == null) {
      return TargetRunner.open(options, false, 0);
    }
    try {
      return opening.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      opening.thenAccept(TargetRunner::close);
      return null;
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException runtime) {
        throw runtime;
      }
      if (cause instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException(cause);
    }
  }

  /** Closes the copy if it was never taken, now or once it is open. */
  @Override
  public void close() {
    if (!taken && opening != null) {
      opening.thenAccept(TargetRunner::close);
    }
  }
}
