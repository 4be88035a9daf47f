package dev.whittle.jazzer.targets;

/**
 * Calls System.exit(4) on 'E', swallows whatever that throws and returns as if nothing happened.
 */
public final class ExitSwallowingTarget {
  private ExitSwallowingTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {
    if (Bytes.contains(data, "E")) {
      try {
        System.exit(4);
      } catch (Throwable swallowed) {
        // Hostile on purpose.
      }
    }
  }
}
