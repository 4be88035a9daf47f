package dev.whittle.engine.command;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;

/** Test helpers about processes that are not children of the JVM. */
final class Processes {
  private Processes() {}

  /**
   * Whether process {@code pid} has ended within {@code limit}. A zombie has ended: in a container
   * nobody may reap an orphan, and it still shows as alive to {@link ProcessHandle}.
   */
  static boolean endsWithin(long pid, Duration limit) throws InterruptedException {
    long deadline = System.nanoTime() + limit.toNanos();
    while (System.nanoTime() < deadline) {
      if (hasEnded(pid)) {
        return true;
      }
      Thread.sleep(50);
    }
    return hasEnded(pid);
  }

  private static boolean hasEnded(long pid) {
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
      // The state follows the command name, which is in parentheses and may contain spaces.
      char state = stat.charAt(stat.lastIndexOf(')') + 2);
      return state == 'Z' || state == 'X';
    } catch (NoSuchFileException e) {
      return true;
    } catch (IOException e) {
      throw new IllegalStateException("cannot read the state of process " + pid, e);
    }
  }
}
