package dev.whittle.jazzer.targets;

import java.util.function.IntConsumer;

/**
 * Asks the JVM to exit in each way the exit trap rewrites, chosen by the first byte, each with a
 * status of its own: {@code S} System.exit(11), {@code R} Runtime.exit(12), {@code H}
 * Runtime.halt(13), {@code M} a method reference System::exit (14), {@code B} a bound method
 * reference to Runtime.halt (15), {@code T} System.exit(16) on a thread of its own, which the run
 * waits for.
 */
public final class ExitCallsTarget {
  private ExitCallsTarget() {}

  public static void fuzzerTestOneInput(byte[] data) throws InterruptedException {
    if (data.length == 0) {
      return;
    }
    switch (data[0]) {
      case 'S' -> System.exit(11);
      case 'R' -> Runtime.getRuntime().exit(12);
      case 'H' -> Runtime.getRuntime().halt(13);
      case 'M' -> exitWith(System::exit, 14);
      case 'B' -> exitWith(Runtime.getRuntime()::halt, 15);
      case 'T' -> {
        Thread exiting = new Thread(() -> System.exit(16), "exit-calls-target-own-thread");
        exiting.start();
        exiting.join();
      }
      default -> {}
    }
  }

  private static void exitWith(IntConsumer exit, int status) {
    exit.accept(status);
  }
}
