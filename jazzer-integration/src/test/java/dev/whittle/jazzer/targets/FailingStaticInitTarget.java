package dev.whittle.jazzer.targets;

/** A target without fuzzerInitialize whose static initializer throws. */
public final class FailingStaticInitTarget {
  private static final int READY = fail();

  private FailingStaticInitTarget() {}

  private static int fail() {
    throw new IllegalStateException("static boom");
  }

  public static void fuzzerTestOneInput(byte[] data) {
    if (READY == 0) {
      throw new AssertionError("never initialized");
    }
  }
}
