package dev.whittle.jazzer.targets;

/** Throws when the input contains "BUG", and a different exception for "OTHER". */
public final class BugTarget {
  private BugTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {
    if (Bytes.contains(data, "BUG")) {
      throw new IllegalStateException("bug at " + data.length);
    }
    if (Bytes.contains(data, "OTHER")) {
      throw new IllegalArgumentException("another bug");
    }
  }
}
