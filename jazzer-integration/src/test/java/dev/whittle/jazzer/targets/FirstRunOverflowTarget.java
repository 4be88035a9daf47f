package dev.whittle.jazzer.targets;

/**
 * Recurses until the stack overflows on 'R', in the first run of a JVM only, or in every run while
 * the system property {@value WarmOnlyOverflowTarget#WARM} is true (the minimizing JVM of a test):
 * the shape of an overflow at the edge of a fresh JVM's stack, which the smaller frames of the
 * JIT-compiled recursion no longer reach in the JVM's later runs.
 */
public final class FirstRunOverflowTarget {
  private static final String RAN = "whittle.test.first-run-overflowed";

  private FirstRunOverflowTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {
    if (!Bytes.contains(data, "R")) {
      return;
    }
    boolean first = System.getProperty(RAN) == null;
    System.setProperty(RAN, "true");
    if (first || Boolean.getBoolean(WarmOnlyOverflowTarget.WARM)) {
      recurse(0);
    }
  }

  private static int recurse(int depth) {
    return recurse(depth + 1) + 1;
  }
}
