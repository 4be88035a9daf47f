package dev.whittle.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.cli.InProcessWhittle.Execution;
import dev.whittle.jazzer.output.OutputLock;
import dev.whittle.jazzer.targets.BugTarget;
import dev.whittle.jazzer.targets.CorpusTarget;
import dev.whittle.jazzer.targets.TargetPaths;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One run per output at a time, in every command that takes --output. */
class BusyOutputTest {
  @TempDir Path dir;

  @Test
  void minimizeRefusesAnOutputAnotherRunIsWriting() throws IOException {
    Path crash = Files.writeString(dir.resolve("crash-1"), "some prefix BUG and a suffix", UTF_8);
    Path output = dir.resolve("small");

    try (OutputLock held = OutputLock.acquire(output)) {
      Execution run =
          InProcessWhittle.execute(
              "minimize",
              "--cp",
              TargetPaths.classPath().get(0).toString(),
              "--target",
              BugTarget.class.getName(),
              "--output",
              output.toString(),
              crash.toString());

      assertEquals(ExitCodes.USAGE, run.exitCode(), run::toString);
      assertTrue(run.err().contains("another whittle run"), run::toString);
      assertFalse(Files.exists(output));
    }
  }

  @Test
  void corpusRefusesAnOutputAnotherRunIsWriting() throws IOException {
    Path corpus = Files.createDirectories(dir.resolve("corpus"));
    Files.writeString(corpus.resolve("a"), "a", UTF_8);
    Path output = dir.resolve("out");

    try (OutputLock held = OutputLock.acquire(output)) {
      Execution run =
          InProcessWhittle.execute(
              "corpus",
              "--cp",
              TargetPaths.classPath().get(0).toString(),
              "--target",
              CorpusTarget.class.getName(),
              "--output",
              output.toString(),
              corpus.toString());

      assertEquals(ExitCodes.USAGE, run.exitCode(), run::toString);
      assertTrue(run.err().contains("another whittle run"), run::toString);
      assertFalse(Files.exists(output));
    }
  }
}
