package dev.whittle.jazzer.targets;

/** Asks the JVM for an array larger than it allows on "MEM": a real, cheap OutOfMemoryError. */
public final class OutOfMemoryTarget {
  private OutOfMemoryTarget() {}

  public static long[] hog;

  public static void fuzzerTestOneInput(byte[] data) {
    if (Bytes.contains(data, "MEM")) {
      hog = new long[Integer.MAX_VALUE];
    }
  }
}
