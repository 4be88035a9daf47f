package dev.whittle.jazzer.targets;

/** A target without fuzzerInitialize whose static initializer never finishes. */
public final class StaticHangTarget {
  static {
    hang();
  }

  private StaticHangTarget() {}

  static void hang() {
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
