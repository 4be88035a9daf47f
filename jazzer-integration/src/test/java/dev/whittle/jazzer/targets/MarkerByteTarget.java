package dev.whittle.jazzer.targets;

/**
 * Throws for every input that holds the byte {@code 'X'}: libFuzzer's mutations of the empty input
 * find one within a few hundred runs without coverage feedback, and every such crash minimizes to
 * the one byte {@code X}.
 */
public final class MarkerByteTarget {
  private MarkerByteTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {
    for (byte b : data) {
      if (b == 'X') {
        throw new IllegalStateException("marker");
      }
    }
  }
}
