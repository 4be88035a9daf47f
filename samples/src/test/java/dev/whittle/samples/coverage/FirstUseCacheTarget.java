package dev.whittle.samples.coverage;

/**
 * A fuzz target with a lazily built static cache: the first input of a class loader (or JVM) that
 * starts with 'c' builds it, and only a builder ending in '!' runs {@link #builtByBang}. Whittle's
 * two runs per input see that line once at most (a flaky feature); JaCoCo's one replay of a corpus
 * in sorted order sees it when the first 'c' file ends in '!'.
 */
public final class FirstUseCacheTarget {
  private static String[] cache;

  private FirstUseCacheTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {
    if (data.length == 0 || data[0] != 'c') {
      return;
    }
    boolean bang = data[data.length - 1] == '!';
    if (cache == null) {
      cache = new String[] {"built"};
      if (bang) {
        builtByBang();
      }
    }
  }

  private static void builtByBang() {
    cache[0] = "built by a bang";
  }
}
