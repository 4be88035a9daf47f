package dev.whittle.jazzer.targets;

/** Refers to nothing of Jazzer's, so it also loads where Jazzer is absent. */
public final class PlainTarget {
  private PlainTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {
    if (data.length > 0 && data[0] == '!') {
      throw new IllegalStateException("plain");
    }
  }
}
