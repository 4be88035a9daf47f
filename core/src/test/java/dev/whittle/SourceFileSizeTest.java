package dev.whittle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No main source file of any module grows past {@link #MAX_LINES} lines: a class that long does
 * more than one job, and the next change to it is the hardest to review. Core's tests run in the
 * core module, so the other modules are found beside it.
 */
class SourceFileSizeTest {
  static final int MAX_LINES = 420;
  private static final List<String> MODULES =
      List.of("core", "jazzer-integration", "junit-extension", "samples");

  @Test
  void noMainSourceFileIsLongerThanTheLimit() throws IOException {
    List<String> tooLong = new ArrayList<>();
    for (String module : MODULES) {
      Path sources = Path.of("..", module, "src", "main", "java");
      assertTrue(
          Files.isDirectory(sources), "run from the core module: " + sources.toAbsolutePath());
      try (Stream<Path> files = Files.walk(sources)) {
        files
            .filter(file -> file.toString().endsWith(".java"))
            .filter(SourceFileSizeTest::isTooLong)
            .map(Path::toString)
            .forEach(tooLong::add);
      }
    }
    assertEquals(List.of(), tooLong.stream().sorted().toList(), "over " + MAX_LINES + " lines");
  }

  private static boolean isTooLong(Path file) {
    try (Stream<String> lines = Files.lines(file)) {
      return lines.count() > MAX_LINES;
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + file, e);
    }
  }
}
