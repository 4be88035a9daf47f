package dev.whittle.jazzer.targets;

/** Calls System.exit(3) on 'E'. */
public final class ExitTarget {
  private ExitTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {
    if (Bytes.contains(data, "E")) {
      System.exit(3);
    }
  }
}
