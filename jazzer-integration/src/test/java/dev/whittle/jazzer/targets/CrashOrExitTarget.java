package dev.whittle.jazzer.targets;

/**
 * Throws on 'C', and otherwise calls System.exit(5) on 'E': minimized inside a Jazzer run, whose
 * JVM is already exiting, every candidate with 'E' but without 'C' blocks in its exit.
 */
public final class CrashOrExitTarget {
  private CrashOrExitTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {
    if (Bytes.contains(data, "C")) {
      throw new IllegalStateException("C");
    }
    if (Bytes.contains(data, "E")) {
      System.exit(5);
    }
  }
}
