package dev.whittle.jazzer.targets;

public final class FailingInitTarget {
  private FailingInitTarget() {}

  public static void fuzzerInitialize() {
    throw new IllegalStateException("cannot initialize");
  }

  public static void fuzzerTestOneInput(byte[] data) {}
}
