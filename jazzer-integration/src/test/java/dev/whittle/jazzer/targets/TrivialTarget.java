package dev.whittle.jazzer.targets;

/** Does next to nothing: what the benchmark measures is the oracle's own overhead. */
public final class TrivialTarget {
  private static int sink;

  private TrivialTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {
    sink += data.length;
    if (data.length > 0 && data[0] == 0x7f) {
      throw new IllegalStateException("trivial");
    }
  }
}
