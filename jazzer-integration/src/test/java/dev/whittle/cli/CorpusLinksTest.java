package dev.whittle.cli;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.whittle.cli.InProcessWhittle.Execution;
import dev.whittle.jazzer.targets.CorpusTarget;
import dev.whittle.jazzer.targets.TargetPaths;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code whittle corpus} with corpus directories reached through symbolic links: a link to a
 * directory is read as that directory, and the refusals that keep an input unchanged compare where
 * the links lead.
 */
class CorpusLinksTest {
  @TempDir Path dir;

  @Test
  void aKeptCorpusThroughALinkIsReadAndNothingItCoversIsAdded() throws IOException {
    Path kept = Files.createDirectories(dir.resolve("kept"));
    Files.writeString(kept.resolve("b"), "b", ISO_8859_1);
    Files.writeString(kept.resolve("long-a"), "a123456", ISO_8859_1);
    Path link = Files.createSymbolicLink(dir.resolve("kept-link"), kept);
    Path fresh = Files.createDirectories(dir.resolve("new"));
    // Each shows only what the kept corpus does.
    Files.writeString(fresh.resolve("bb"), "bb", ISO_8859_1);
    Files.writeString(fresh.resolve("a1234567"), "a1234567", ISO_8859_1);

    Execution run = corpus("--into", link.toString(), "--json", fresh.toString());

    assertEquals(0, run.exitCode(), run::toString);
    JsonObject json = JsonParser.parseString(run.out()).getAsJsonObject();
    assertEquals(2, json.get("keptFiles").getAsInt(), run::toString);
    assertEquals(0, json.get("filesAdded").getAsInt(), run::toString);
    assertEquals(List.of("b", "long-a"), names(kept));
  }

  @Test
  void aCorpusThroughALinkIsWalkedThroughLinkedDirectoriesAndFilesAndPastALoop()
      throws IOException {
    Path real = Files.createDirectories(dir.resolve("real"));
    Files.writeString(real.resolve("b"), "b", ISO_8859_1);
    Path other = Files.createDirectories(dir.resolve("other"));
    Files.writeString(other.resolve("long-a"), "a1234567", ISO_8859_1);
    Files.createSymbolicLink(real.resolve("linked-directory"), other);
    Files.createSymbolicLink(
        real.resolve("linked-file"), Files.writeString(dir.resolve("d"), "d!", ISO_8859_1));
    Files.createSymbolicLink(real.resolve("loop"), real);
    Path link = Files.createSymbolicLink(dir.resolve("corpus-link"), real);
    Path out = dir.resolve("min");

    Execution run = corpus("--output", out.toString(), "--json", link.toString());

    assertEquals(0, run.exitCode(), run::toString);
    JsonObject json = JsonParser.parseString(run.out()).getAsJsonObject();
    assertEquals(3, json.get("filesBefore").getAsInt(), run::toString);
    assertEquals(3, names(out).size(), run::toString);
  }

  @Test
  void aKeptCorpusThatIsALinkToTheNewCorpusIsRefusedAndTheNewCorpusKeptAsItIs() throws IOException {
    Path fresh = Files.createDirectories(dir.resolve("new"));
    Files.writeString(fresh.resolve("b"), "b", ISO_8859_1);
    Files.writeString(fresh.resolve("a1234567"), "a1234567", ISO_8859_1);
    Path link = Files.createSymbolicLink(dir.resolve("kept-link"), fresh);

    Execution run = corpus("--into", link.toString(), fresh.toString());

    assertEquals(ExitCodes.USAGE, run.exitCode(), run::toString);
    assertTrue(
        run.err().contains("the kept corpus " + link + " lies in the new corpus " + fresh),
        run::toString);
    assertEquals(List.of("a1234567", "b"), names(fresh));
  }

  @Test
  void anOutputThroughALinkIntoTheInputIsRefused() throws IOException {
    Path corpus = Files.createDirectories(dir.resolve("corpus"));
    Files.writeString(corpus.resolve("b"), "b", ISO_8859_1);
    Path link = Files.createSymbolicLink(dir.resolve("corpus-link"), corpus);
    Path out = link.resolve("min");

    Execution run = corpus("--output", out.toString(), corpus.toString());

    assertEquals(ExitCodes.USAGE, run.exitCode(), run::toString);
    assertTrue(
        run.err().contains("--output " + out + " lies in the input corpus " + corpus),
        run::toString);
    assertEquals(List.of("b"), names(corpus));
  }

  /** The refusal names what the user gave, not the crashers directory derived from it. */
  @Test
  void anOutputInsideTheInputIsRefusedNamingOutputAndTheInput() throws IOException {
    Path corpus = Files.createDirectories(dir.resolve("corpus"));
    Files.writeString(corpus.resolve("b"), "b", ISO_8859_1);
    Path out = corpus.resolve("min");

    Execution run = corpus("--output", out.toString(), corpus.toString());

    assertEquals(ExitCodes.USAGE, run.exitCode(), run::toString);
    assertTrue(
        run.err().contains("--output " + out + " lies in the input corpus " + corpus),
        run::toString);
    assertFalse(run.err().contains(".crashers"), run::toString);
    assertEquals(List.of("b"), names(corpus));
  }

  private static Execution corpus(String... rest) {
    List<String> args = new ArrayList<>();
    args.addAll(
        List.of(
            "corpus",
            "--cp",
            TargetPaths.classPath().get(0).toString(),
            "--target",
            CorpusTarget.class.getName()));
    args.addAll(List.of(rest));
    return InProcessWhittle.execute(args.toArray(String[]::new));
  }

  /** The names of the entries of {@code directory}, sorted. */
  private static List<String> names(Path directory) throws IOException {
    try (Stream<Path> entries = Files.list(directory)) {
      return entries.map(entry -> entry.getFileName().toString()).sorted().toList();
    }
  }
}
