package dev.whittle.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The committed sample crashes, as the tests find them (run from the samples directory). */
final class SampleCrashes {
  static final Path CRASHES = Path.of("crashes");

  private SampleCrashes() {}

  /**
   * The one crash-* file in crashes/TARGET. Other files are ignored: `whittle minimize` writes its
   * results next to the crash.
   */
  static Path onlyCrashFile(String target) throws IOException {
    try (Stream<Path> files = Files.list(CRASHES.resolve(target))) {
      List<Path> crashes =
          files.filter(f -> f.getFileName().toString().startsWith("crash-")).toList();
      assertEquals(1, crashes.size(), "crash files of " + target + ": " + crashes);
      return crashes.get(0);
    }
  }
}
