package dev.whittle.cli;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.whittle.cli.InProcessWhittle.Execution;
import dev.whittle.jazzer.targets.CorpusTarget;
import dev.whittle.jazzer.targets.HangTarget;
import dev.whittle.jazzer.targets.TargetPaths;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CorpusCommandTest {
  @TempDir Path dir;

  @AfterAll
  static void releaseHungTargets() {
    HangTarget.releaseAll();
  }

  @Test
  void noShrinkSelectsAndTheJsonSummaryHasTheFigures() throws IOException {
    Path corpus = Files.createDirectories(dir.resolve("corpus"));
    for (String input : List.of("a", "a1", "a1234567", "b", "bb", "junk", "X")) {
      Files.writeString(corpus.resolve(input), input, ISO_8859_1);
    }
    Path single = Files.writeString(dir.resolve("E"), "E", ISO_8859_1);
    Path out = dir.resolve("out");

    Execution run =
        InProcessWhittle.execute(
            "corpus",
            "--cp",
            TargetPaths.classPath().get(0).toString(),
            "--target",
            CorpusTarget.class.getName(),
            "--output",
            out.toString(),
            "--no-shrink",
            "--json",
            corpus.toString(),
            single.toString());

    assertEquals(0, run.exitCode(), run::toString);
    JsonObject json = JsonParser.parseString(run.out()).getAsJsonObject();
    assertEquals(8, json.get("filesBefore").getAsInt());
    assertEquals(4, json.get("filesAfter").getAsInt());
    assertEquals(14, json.get("bytesAfter").getAsLong());
    assertTrue(json.get("coveragePreserved").getAsBoolean());
    assertEquals(2, json.getAsJsonArray("crashers").size());
    assertEquals(json.get("features").getAsInt(), json.get("featuresAfter").getAsInt());
    try (Stream<Path> files = Files.list(out)) {
      assertEquals(4, files.count());
    }
    assertTrue(run.err().contains("selected 4 of 6 inputs"), run.err());
    assertTrue(run.err().contains("every feature of the input corpus is kept"), run.err());
  }

  @Test
  void aMissingCorpusIsNamed() {
    Execution run =
        InProcessWhittle.execute(
            "corpus",
            "--cp",
            TargetPaths.classPath().get(0).toString(),
            "--target",
            CorpusTarget.class.getName(),
            "--output",
            dir.resolve("out").toString(),
            dir.resolve("nowhere").toString());

    assertEquals(ExitCodes.INPUT_UNREADABLE, run.exitCode(), run::toString);
    assertTrue(run.err().contains("nowhere"), run.err());
  }
}
