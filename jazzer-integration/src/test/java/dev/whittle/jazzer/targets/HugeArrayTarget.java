package dev.whittle.jazzer.targets;

/**
 * Asks for an array of a length read from the input, as decoders that trust a header do: on "BIG"
 * one of 16 GiB, larger than any test heap yet within the JVM's largest array length; else one as
 * long as the input. On "THIRD" and "SIXTEENTH", arrays of about that part of the heap, which fit.
 */
public final class HugeArrayTarget {
  private HugeArrayTarget() {}

  public static Object kept;

  public static void fuzzerTestOneInput(byte[] data) {
    int length = Bytes.contains(data, "BIG") ? Integer.MAX_VALUE - 64 : data.length;
    if (Bytes.contains(data, "THIRD") || Bytes.contains(data, "SIXTEENTH")) {
      long part = Bytes.contains(data, "THIRD") ? 3 : 16;
      length = (int) Math.min(Integer.MAX_VALUE - 64, Runtime.getRuntime().maxMemory() / part / 8);
    }
    kept = new long[length];
    kept = new Object[data.length];
  }
}
