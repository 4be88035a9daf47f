package dev.whittle.jazzer.api;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.jazzer.targets.BlockCorpusTarget;
import dev.whittle.jazzer.targets.CorpusTarget;
import dev.whittle.jazzer.targets.StaticInitTarget;
import dev.whittle.jazzer.targets.TargetPaths;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a corpus minimization's runs go, stage by stage, and the runs it does not make. */
class CorpusRunsPerStageTest {
  @TempDir Path dir;

  @Test
  void theRunsPerStageAddUpToTheRuns() throws IOException {
    Path corpus = corpus(Map.of("a", "a", "long", "a1234567", "b", "b", "junk", "junk"));

    CorpusMinimizationResult result =
        minimizer(CorpusTarget.class).minimize(List.of(corpus), dir.resolve("out"));

    Map<String, Long> stages = result.runsPerStage();
    assertEquals(
        List.of(
            "warm-up",
            "first run",
            "second run",
            "shrinking",
            "confirming shrunk files",
            "final check"),
        new ArrayList<>(stages.keySet()));
    assertEquals(result.runs(), stages.values().stream().mapToLong(Long::longValue).sum());
    assertEquals(1, stages.get("warm-up"), "one copy of the target, one run of the empty input");
    assertEquals(4, stages.get("first run"));
    assertEquals(2 * 2, stages.get("confirming shrunk files"), "two runs per smaller form found");
    assertEquals(2 * result.shrunkFiles(), stages.get("final check"));
  }

  /**
   * The warm-up runs the static initializers of the code under test: without it they ran inside the
   * first input's first run only, and their features counted as flaky, each keeping a file as it
   * is.
   */
  @Test
  void staticInitializersRunInTheWarmUpNotAsFlakyFeatures() throws IOException {
    Path corpus = corpus(Map.of("a", "a", "aa", "aa", "b", "b"));

    CorpusMinimizationResult result =
        minimizer(StaticInitTarget.class)
            .withShrinking(false)
            .minimize(List.of(corpus), dir.resolve("out"));

    assertEquals(0, result.flakyFeatures(), result::toString);
    assertEquals(0, result.flakyFiles(), result::toString);
    assertTrue(result.coveragePreserved(), result::toString);
  }

  /**
   * Every file a selection alone keeps is an input as it was, whose features the census saw on both
   * of its runs: the final check has nothing to run. It ran each of them twice more.
   */
  @Test
  void withoutShrinkingTheFinalCheckRunsNoFileTheCensusRanTwice() throws IOException {
    Path corpus = corpus(Map.of("a", "a", "long", "a1234567", "b", "b", "junk", "junk"));

    CorpusMinimizationResult result =
        minimizer(CorpusTarget.class)
            .withShrinking(false)
            .minimize(List.of(corpus), dir.resolve("out"));

    assertEquals(4, result.filesAfter());
    assertTrue(result.coveragePreserved());
    assertEquals(0, result.runsPerStage().getOrDefault("final check", 0L));
    assertEquals(
        1 + 4 + 4, result.runs(), "the warm-up, each input once, each kept one again: " + result);
  }

  /**
   * The 48-byte file shrinks to the 8-byte block, where its search ends: the other file, one block
   * already, gets one run without its last byte instead of a search (which would take a run per
   * byte to find that no byte can go), so its minimization shrinks in one run more than one without
   * it.
   */
  @Test
  void aFileNoLargerThanAFinishedSearchLeftOneGetsNoShrinkingRuns() throws IOException {
    String large = "a" + "-junk-".repeat(7) + "x";
    String block = "b".repeat(BlockCorpusTarget.BLOCK);
    List<String> log = new ArrayList<>();

    CorpusMinimizationResult both =
        minimizer(BlockCorpusTarget.class)
            .withLog(log::add)
            .minimize(List.of(corpus(Map.of("large", large, "block", block))), dir.resolve("o1"));
    CorpusMinimizationResult alone =
        minimizer(BlockCorpusTarget.class)
            .minimize(List.of(corpus("alone", Map.of("large", large))), dir.resolve("o2"));

    TreeSet<String> outputs = contents(dir.resolve("o1"));
    assertEquals(2, outputs.size(), outputs::toString);
    assertTrue(outputs.first().startsWith("a"), outputs::toString);
    assertEquals(BlockCorpusTarget.BLOCK, outputs.first().length(), outputs::toString);
    assertEquals(block, outputs.last());
    assertEquals(
        alone.runsPerStage().get("shrinking") + 1,
        both.runsPerStage().get("shrinking"),
        log::toString);
    assertTrue(
        log.stream()
            .anyMatch(
                line ->
                    line.matches(
                        "whittle: shrank 2/2 \\(block\\): left as it is, 8 bytes: no search got"
                            + " a file below 8, and its last byte cannot go")),
        log::toString);
  }

  private static CorpusMinimizer minimizer(Class<?> target) {
    return CorpusMinimizer.forTarget(target.getName(), TargetPaths.classPath())
        .withRunTimeout(Duration.ofMillis(500))
        // Run counts, not the machine's load, decide where every search ends.
        .withMaxTimePerInput(Duration.ofMinutes(1));
  }

  private Path corpus(Map<String, String> files) throws IOException {
    return corpus("corpus", files);
  }

  private Path corpus(String name, Map<String, String> files) throws IOException {
    Path corpus = Files.createDirectories(dir.resolve(name));
    for (Map.Entry<String, String> file : files.entrySet()) {
      Files.write(corpus.resolve(file.getKey()), file.getValue().getBytes(ISO_8859_1));
    }
    return corpus;
  }

  private static TreeSet<String> contents(Path directory) throws IOException {
    TreeSet<String> contents = new TreeSet<>();
    try (Stream<Path> files = Files.list(directory)) {
      for (Path file : files.toList()) {
        contents.add(Files.readString(file, ISO_8859_1));
      }
    }
    return contents;
  }
}
