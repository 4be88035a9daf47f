package dev.whittle.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.jazzer.api.CrashMinimizer;
import dev.whittle.jazzer.api.MinimizationResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Minimizes each committed crash file in process and holds the result to what Jazzer 0.30.0's own
 * {@code -minimize_crash=1} reached on the same file (docs/jazzer-baseline.md): no larger, and the
 * same DEDUP_TOKEN the real Jazzer printed for the original. The tokens and sizes come from those
 * Jazzer runs, not from Whittle.
 */
class SampleCrashMinimizationTest {
  private static final Path CLASSES = Path.of("target", "classes");

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "ChunkedImageFuzzer, df72498130374711, 346",
    "RingBufferFuzzer, 53e01b43d934c9f5, 569",
    // An OS command injection: Jazzer's detector reports it, installed in process on demand.
    "AttachmentViewerFuzzer, 8e92fb1bdc52df45, 63",
  })
  void theMinimizedCrashIsNoLargerThanJazzersAndKeepsItsToken(
      String target, String jazzerToken, int jazzerMinimizedSize) throws IOException {
    Path crash = SampleCrashes.onlyCrashFile(target);

    MinimizationResult result =
        CrashMinimizer.forTarget("dev.whittle.samples." + target, List.of(CLASSES))
            .withExitGuard(false)
            .minimize(crash);

    assertEquals(jazzerToken, result.dedupToken());
    assertTrue(result.verified(), "the result crashes a freshly loaded target the same way");
    assertTrue(
        result.minimized().length <= jazzerMinimizedSize,
        target
            + ": "
            + result.minimized().length
            + " bytes, Jazzer reached "
            + jazzerMinimizedSize);
  }
}
