package dev.whittle.jazzer.targets;

/**
 * A corpus target whose inputs differ only in how often one loop runs: every input of 'x' bytes
 * covers the same edges, in other hit-count buckets.
 */
public final class LoopCountTarget {
  private static int sink;

  private LoopCountTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {
    int count = 0;
    for (byte b : data) {
      if (b == 'x') {
        count++;
      }
    }
    sink += count;
  }
}
