package dev.whittle.samples;

/**
 * Jazzer target whose smallest crash is a 4,000-byte buffer boundary, the worst case of the default
 * pipeline (nothing to delete, every byte to certify): the first line of the input is copied into a
 * fixed 4,000-byte buffer, and the terminating NUL is written one past its end when the line fills
 * it exactly. The smallest crash is any 4,000 bytes without NUL or newline, of which nothing can
 * go: no structure to find, only the cost of certifying that. No committed crash: {@code
 * samples/scripts/pipeline-ratios.sh} generates one.
 */
public final class BufferBoundaryFuzzer {
  static final int BUFFER_SIZE = 4_000;

  private BufferBoundaryFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    byte[] line = new byte[BUFFER_SIZE];
    int length = 0;
    // The bug: the loop bounds the copy but leaves no room for the terminator.
    while (length < data.length
        && length < BUFFER_SIZE
        && data[length] != 0
        && data[length] != '\n') {
      line[length] = data[length];
      length++;
    }
    line[length] = 0;
  }
}
