package dev.whittle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No main source file of core grows past {@link #MAX_LINES} lines: a class that long does more than
 * one job, and the next change to it is the hardest to review.
 */
class SourceFileSizeTest {
  static final int MAX_LINES = 420;

  @Test
  void noMainSourceFileIsLongerThanTheLimit() throws IOException {
    Path sources = Path.of("src", "main", "java");
    assertTrue(Files.isDirectory(sources), "run from the core module: " + sources.toAbsolutePath());
    List<String> tooLong;
    try (Stream<Path> files = Files.walk(sources)) {
      tooLong =
          files
              .filter(file -> file.toString().endsWith(".java"))
              .filter(SourceFileSizeTest::isTooLong)
              .map(Path::toString)
              .sorted()
              .toList();
    }
    assertEquals(List.of(), tooLong, "over " + MAX_LINES + " lines");
  }

  private static boolean isTooLong(Path file) {
    try (Stream<String> lines = Files.lines(file)) {
      return lines.count() > MAX_LINES;
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + file, e);
    }
  }
}
