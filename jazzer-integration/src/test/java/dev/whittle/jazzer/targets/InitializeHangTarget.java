package dev.whittle.jazzer.targets;

/** A target whose fuzzerInitialize never finishes, after a static initializer that does. */
public final class InitializeHangTarget {
  private InitializeHangTarget() {}

  public static void fuzzerInitialize() {
    while (true) {
      try {
        Thread.sleep(1000);
      } catch (InterruptedException e) {
        // Hangs on, as a target that ignores interrupts does.
      }
    }
  }

  public static void fuzzerTestOneInput(byte[] data) {}
}
