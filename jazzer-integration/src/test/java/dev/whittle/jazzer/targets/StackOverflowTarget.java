package dev.whittle.jazzer.targets;

/** Recurses without end on 'R'. */
public final class StackOverflowTarget {
  private StackOverflowTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {
    if (Bytes.contains(data, "R")) {
      recurse(0);
    }
  }

  private static int recurse(int depth) {
    return recurse(depth + 1) + 1;
  }
}
