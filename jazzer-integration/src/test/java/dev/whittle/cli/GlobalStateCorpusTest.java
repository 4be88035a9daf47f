package dev.whittle.cli;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.cli.InProcessWhittle.Execution;
import dev.whittle.jazzer.targets.GlobalModeCorpusTarget;
import dev.whittle.jazzer.targets.TargetPaths;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A corpus whose target changes a system property on one input: each input's coverage must be
 * measured as a fresh JVM would show it, and the user told that the target changed the JVM.
 */
class GlobalStateCorpusTest {
  @TempDir Path dir;

  @AfterEach
  void clearTheTargetsProperty() {
    System.clearProperty(GlobalModeCorpusTarget.PROPERTY);
  }

  @Test
  void anInputsCoverageIsMeasuredWithTheStateAnEarlierInputChangedPutBack() throws IOException {
    Path corpus = Files.createDirectories(dir.resolve("corpus"));
    Files.writeString(corpus.resolve("PROP"), "PROP", ISO_8859_1);
    Files.writeString(corpus.resolve("aaaa"), "aaaa", ISO_8859_1);
    Path out = dir.resolve("out");

    Execution run =
        InProcessWhittle.execute(
            "corpus",
            "--cp",
            TargetPaths.classPath().get(0).toString(),
            "--target",
            GlobalModeCorpusTarget.class.getName(),
            "--output",
            out.toString(),
            "--no-shrink",
            corpus.toString());

    assertEquals(0, run.exitCode(), run::toString);
    List<String> kept = contents(out);
    assertTrue(
        kept.stream().anyMatch(input -> !input.contains("PROP")),
        "an input that covers the lenient branch in a fresh JVM is kept: " + kept + "\n" + run);
    assertTrue(
        run.err()
            .contains(
                "warning: the target changed JVM-global state in its runs: system"
                    + " properties (restored before each run)"),
        run::toString);
    assertEquals(
        null, System.getProperty(GlobalModeCorpusTarget.PROPERTY), "restored after the runs");
  }

  private static List<String> contents(Path root) throws IOException {
    List<String> contents = new ArrayList<>();
    try (Stream<Path> files = Files.list(root)) {
      for (Path file : files.sorted().toList()) {
        contents.add(Files.readString(file, ISO_8859_1));
      }
    }
    return contents;
  }
}
