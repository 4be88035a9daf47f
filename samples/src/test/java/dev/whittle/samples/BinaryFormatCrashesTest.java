package dev.whittle.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.Algorithms;
import dev.whittle.jazzer.api.CrashMinimizer;
import dev.whittle.jazzer.api.MinimizationResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The binary-format samples (ZIP over {@code java.util.zip}, TAR-like with octal checksums, an
 * offset-indexed container): each committed crash, minimized in process with the default pipeline,
 * keeps the DEDUP_TOKEN the real Jazzer printed for it (JDK 17) and ends no larger than both plain
 * deletion ({@code ddmin} without value reduction, run here) and Jazzer 0.30.0's {@code
 * -minimize_crash=1} on the same file (the size in docs/dev/benchmarks.md, "Binary formats").
 */
class BinaryFormatCrashesTest {
  private static final Path CLASSES = Path.of("target", "classes");
  private static final Path CRASHES = Path.of("crashes");

  /**
   * The tokens are the real Jazzer's, on JDK 17 and on JDK 25. The ZIP finding's stack passes
   * through {@code java.lang.String}, whose line numbers differ between JDKs, and so does its
   * token; on other JDKs only the result's agreement with plain ddmin's (the crash's own token
   * there) is checked.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "ZipThemeFuzzer, 9bb26c7f751acb74, 75b52f27e5141ee1, 30",
    "TarArchiveFuzzer, 2d7ae3aeea8c90e3, 2d7ae3aeea8c90e3, 521",
    "ResourcePackFuzzer, d5002e1dc8a91b74, d5002e1dc8a91b74, 2516",
  })
  void smallerThanPlainDeletionAndJazzerWithTheSameToken(
      String target, String tokenOnJdk17, String tokenOnJdk25, int jazzerMinimizedSize)
      throws IOException {
    Path crash = onlyCrashFile(target);
    CrashMinimizer minimizer =
        CrashMinimizer.forTarget("dev.whittle.samples." + target, List.of(CLASSES))
            .withExitGuard(false);

    MinimizationResult whittle = minimizer.minimize(crash);
    MinimizationResult ddmin =
        minimizer.withAlgorithm(Algorithms.ddmin()).withValueReduction(false).minimize(crash);

    assertEquals(ddmin.dedupToken(), whittle.dedupToken());
    switch (Runtime.version().feature()) {
      case 17 -> assertEquals(tokenOnJdk17, whittle.dedupToken());
      case 25 -> assertEquals(tokenOnJdk25, whittle.dedupToken());
      default -> {}
    }
    assertTrue(whittle.verified(), "the result crashes a freshly loaded target the same way");
    int size = whittle.minimized().length;
    assertTrue(
        size <= ddmin.minimized().length,
        target + ": " + size + " bytes, plain ddmin " + ddmin.minimized().length);
    assertTrue(
        size <= jazzerMinimizedSize,
        target + ": " + size + " bytes, Jazzer reached " + jazzerMinimizedSize);
  }

  private static Path onlyCrashFile(String target) throws IOException {
    try (Stream<Path> files = Files.list(CRASHES.resolve(target))) {
      List<Path> crashes =
          files.filter(f -> f.getFileName().toString().startsWith("crash-")).toList();
      assertEquals(1, crashes.size(), "crash files of " + target + ": " + crashes);
      return crashes.get(0);
    }
  }
}
