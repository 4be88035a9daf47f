package dev.whittle.jazzer.targets;

/**
 * Overflows its stack on 'R', and on anything once its loader has run it before: the shape of a
 * stack overflow that strikes in code whose stack use depends on what the loader has already loaded
 * and linked. A reduction in one shared loader takes it to the empty input, one with a fresh loader
 * per candidate to "R".
 */
public final class WarmLoaderOverflowTarget {
  private static boolean warm;

  private WarmLoaderOverflowTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {
    boolean wasWarm = warm;
    warm = true;
    if (wasWarm || Bytes.contains(data, "R")) {
      throw new StackOverflowError();
    }
  }
}
