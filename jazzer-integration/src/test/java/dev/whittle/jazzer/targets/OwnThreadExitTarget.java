package dev.whittle.jazzer.targets;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * For two sessions at once: on 'X' the run starts a thread that waits until the other session's run
 * is under way and then calls System.exit(7), waits for that thread, and releases the other run; on
 * 'W' the run says it is under way and waits to be released. The latches come from {@link
 * System#getProperties()} under {@link #LATCHES}: the one map that targets in loaders of their own
 * share with the test that puts them there.
 */
public final class OwnThreadExitTarget {
  /** Property names of the latches: 'X' running, 'W' running, 'W' released. */
  public static final String[] LATCHES = {
    "whittle.test.x-running", "whittle.test.w-running", "whittle.test.w-released"
  };

  private OwnThreadExitTarget() {}

  public static void fuzzerTestOneInput(byte[] data) throws InterruptedException {
    if (Bytes.contains(data, "X")) {
      latch(0).countDown();
      Thread exiting =
          new Thread(
              () -> {
                await(latch(1));
                System.exit(7);
              },
              "own-thread-exit-target");
      exiting.start();
      exiting.join();
      latch(2).countDown();
    } else if (Bytes.contains(data, "W")) {
      latch(1).countDown();
      await(latch(2));
    }
  }

  private static CountDownLatch latch(int index) {
    return (CountDownLatch) System.getProperties().get(LATCHES[index]);
  }

  private static void await(CountDownLatch latch) {
    try {
      if (!latch.await(20, TimeUnit.SECONDS)) {
        throw new IllegalStateException("the other session's run never came");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
