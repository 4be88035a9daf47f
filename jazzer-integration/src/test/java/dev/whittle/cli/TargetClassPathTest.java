package dev.whittle.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.common.base.CharMatcher;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code --cp} is split and trimmed as Guava's {@code Splitter} did it before. */
class TargetClassPathTest {
  @TempDir Path dir;

  @Test
  void trimsEveryCharacterGuavasWhitespaceMatcherTrims() {
    for (char c = 0; c < Character.MAX_VALUE; c++) {
      String text = c + "a" + c + "b" + c;
      assertEquals(
          CharMatcher.whitespace().trimFrom(text),
          TargetClassPath.trimWhitespace(text),
          "U+" + Integer.toHexString(c));
    }
  }

  @Test
  void skipsEmptyAndBlankEntriesAndTrimsTheOthers() throws Exception {
    Path a = Files.createDirectory(dir.resolve("a"));
    Path b = Files.createFile(dir.resolve("b.jar"));
    String sep = File.pathSeparator;

    assertEquals(
        List.of(a, b),
        TargetClassPath.parse(sep + " " + a + "\t" + sep + sep + " \u00a0" + sep + b + " "));
  }

  @Test
  void aClassPathOfSeparatorsAndBlanksIsEmpty() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> TargetClassPath.parse(File.pathSeparator + "  " + File.pathSeparator));
    assertEquals("--cp is empty: give the target's directories and jars", e.getMessage());
  }
}
