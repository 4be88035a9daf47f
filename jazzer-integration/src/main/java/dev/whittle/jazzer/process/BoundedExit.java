package dev.whittle.jazzer.process;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.time.Duration;
import org.apiguardian.api.API;

/**
 * Ends a JVM in which target code ran, whatever that code left behind. {@code System.exit} alone
 * waits for every shutdown hook, and a target's hook may block, deadlock or call {@code
 * System.exit} itself (which then blocks for good); threads the target started, daemon or not, do
 * not matter to an exit. So the JVM exits as usual, and if its hooks have not finished within
 * {@link #HOOK_GRACE}, it halts with the same status.
 */
@API(status = INTERNAL, since = "0.1")
public final class BoundedExit {
  /** How long shutdown hooks get; the JVM's own and Whittle's take milliseconds. */
  public static final Duration HOOK_GRACE = Duration.ofSeconds(3);

  private BoundedExit() {}

  /**
   * Ends this JVM with {@code status}: runs the shutdown hooks for at most {@link #HOOK_GRACE},
   * then halts. Everything to be reported must be flushed before.
   */
  public static void exit(int status) {
    exit(status, HOOK_GRACE);
  }

  /** As {@link #exit(int)}, with the hooks given {@code grace}. */
  public static void exit(int status, Duration grace) {
    Thread halt =
        new Thread(
            () -> {
              try {
                Thread.sleep(grace.toMillis());
              } catch (InterruptedException e) {
                // Halts all the same: nothing else ends a blocked shutdown.
              }
              Runtime.getRuntime().halt(status);
            },
            "whittle-bounded-exit");
    halt.setDaemon(true);
    halt.start();
    System.exit(status);
  }
}
