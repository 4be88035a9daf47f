package dev.whittle.jazzer.targets;

/**
 * Throws on "BUG", and, once it has been called more than three times, on any non-empty input: a
 * cache that state from earlier runs has poisoned. Both throw from the same line, so they have the
 * same dedup token.
 */
public final class StaticStateTarget {
  private static int calls;

  private StaticStateTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {
    calls++;
    boolean poisoned = calls > 3 && data.length > 0;
    if (Bytes.contains(data, "BUG") || poisoned) throw new IllegalStateException("bug");
  }
}
