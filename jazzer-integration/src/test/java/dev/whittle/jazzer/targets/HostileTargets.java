package dev.whittle.jazzer.targets;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.concurrent.CountDownLatch;

/**
 * Fuzz targets that leave their JVM in a state a front door must still end from: each does its
 * damage on its first run in a JVM (however many class loaders load it) and throws when the input
 * contains "BUG", so that there is a crash to minimize and a corpus to keep.
 */
public final class HostileTargets {
  private HostileTargets() {}

  /** Once per JVM, across the class loaders that load the target again. */
  static boolean firstInThisJvm(String name) {
    synchronized (System.class) {
      String key = "whittle.test.hostile." + name;
      if (System.getProperty(key) != null) {
        return false;
      }
      System.setProperty(key, "done");
      return true;
    }
  }

  static void crashOnBug(byte[] data) {
    if (Bytes.contains(data, "BUG")) {
      throw new IllegalStateException("bug at " + data.length);
    }
  }

  /** Registers a shutdown hook that never ends. */
  public static final class BlockingShutdownHook {
    private BlockingShutdownHook() {}

    public static void fuzzerTestOneInput(byte[] data) {
      if (firstInThisJvm("blocking-hook")) {
        Runtime.getRuntime()
            .addShutdownHook(
                new Thread(
                    () -> {
                      while (true) {
                        try {
                          Thread.sleep(1_000);
                        } catch (InterruptedException e) {
                          // Keeps blocking, as a careless hook does.
                        }
                      }
                    },
                    "hostile-blocking-hook"));
      }
      crashOnBug(data);
    }
  }

  /**
   * Registers a shutdown hook that calls {@code System.exit} (through reflection, which no
   * rewriting of exit calls sees), which blocks for good during a shutdown, and one that waits for
   * the thread that started the shutdown: a deadlock.
   */
  public static final class ExitingAndDeadlockingShutdownHooks {
    private ExitingAndDeadlockingShutdownHooks() {}

    public static void fuzzerTestOneInput(byte[] data) {
      if (firstInThisJvm("exiting-hooks")) {
        Runtime.getRuntime()
            .addShutdownHook(
                new Thread(
                    () -> {
                      try {
                        System.class.getMethod("exit", int.class).invoke(null, 42);
                      } catch (ReflectiveOperationException e) {
                        throw new IllegalStateException(e);
                      }
                    },
                    "hostile-exiting-hook"));
        Runtime.getRuntime()
            .addShutdownHook(
                new Thread(
                    () -> {
                      try {
                        for (Thread thread : Thread.getAllStackTraces().keySet()) {
                          if (thread.getName().equals("main")) {
                            thread.join();
                          }
                        }
                        new CountDownLatch(1).await();
                      } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                      }
                    },
                    "hostile-deadlocking-hook"));
      }
      crashOnBug(data);
    }
  }

  /** Starts a thread that is no daemon and never ends. */
  public static final class NonDaemonThread {
    private NonDaemonThread() {}

    public static void fuzzerTestOneInput(byte[] data) {
      if (firstInThisJvm("non-daemon-thread")) {
        Thread thread =
            new Thread(
                () -> {
                  try {
                    new CountDownLatch(1).await();
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                },
                "hostile-non-daemon");
        thread.setDaemon(false);
        thread.start();
      }
      crashOnBug(data);
    }
  }

  /** Closes {@code System.out} and {@code System.err}. */
  public static final class ClosingStandardStreams {
    private ClosingStandardStreams() {}

    public static void fuzzerTestOneInput(byte[] data) {
      if (firstInThisJvm("closing-streams")) {
        System.out.close();
        System.err.close();
      }
      crashOnBug(data);
    }
  }

  /** Replaces {@code System.out} with null and {@code System.err} with a closed stream. */
  public static final class ReplacingStandardStreams {
    private ReplacingStandardStreams() {}

    public static void fuzzerTestOneInput(byte[] data) {
      if (firstInThisJvm("replacing-streams")) {
        PrintStream closed = new PrintStream(OutputStream.nullOutputStream());
        closed.close();
        System.setOut(null);
        System.setErr(closed);
      }
      crashOnBug(data);
    }
  }
}
