package dev.whittle.jazzer.targets;

/** Throws on 'F' every other call only. */
public final class FlakyTarget {
  private static int calls;

  private FlakyTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {
    if (Bytes.contains(data, "F") && calls++ % 2 == 0) {
      throw new IllegalStateException("sometimes");
    }
  }
}
