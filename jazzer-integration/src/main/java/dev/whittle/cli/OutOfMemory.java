package dev.whittle.cli;

import dev.whittle.jazzer.output.ResultFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whittle's own heap ran out: what to tell the user instead of a stack trace. By the time this is
 * built the reduction's data is unreachable, so the message has room; the best result so far is on
 * disk already, saved at its improvement.
 */
final class OutOfMemory {
  /** What README promises for the default options; docs/dev/benchmarks.md has the measurements. */
  static final long BYTES_PER_INPUT_BYTE = 8;

  /** The heap Whittle needs besides, in MiB. */
  private static final long BASE_MIB = 64;

  private OutOfMemory() {}

  /**
   * The failure to report for {@code input}; {@code resultFile} has saved nothing when the check of
   * the original had not finished.
   */
  static CliException failure(Path input, ResultFile resultFile) {
    long inputLength = sizeOf(input);
    long heap = Runtime.getRuntime().maxMemory() >> 20;
    long suggested = Math.max(2 * heap, (BYTES_PER_INPUT_BYTE * inputLength >> 20) + BASE_MIB);
    String kept =
        resultFile.savedLength() < 0
            ? "nothing was written"
            : "the best result so far, "
                + resultFile.savedLength()
                + " bytes, is in "
                + resultFile.path();
    return new CliException(
        ExitCodes.OUT_OF_MEMORY,
        "out of memory: Whittle's heap of "
            + heap
            + " MiB is too small to reduce "
            + input
            + "; "
            + kept
            + ". Give it a larger heap, for example java -Xmx"
            + Long.highestOneBit(2 * suggested - 1)
            + "m -jar whittle.jar reduce ...: the default options need about "
            + BYTES_PER_INPUT_BYTE
            + " bytes of heap per byte of INPUT, more with --granularity chars or lines, --jobs"
            + " or --passes");
  }

  private static long sizeOf(Path input) {
    try {
      return Files.size(input);
    } catch (IOException e) {
      return 0; // gone since it was read: the heap figure alone makes the suggestion
    }
  }
}
