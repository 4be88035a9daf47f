package dev.whittle.jazzer.api;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.hash.Hashing;
import dev.whittle.jazzer.targets.ChunkCorpusTarget;
import dev.whittle.jazzer.targets.CorpusFuzzTest;
import dev.whittle.jazzer.targets.CorpusTarget;
import dev.whittle.jazzer.targets.FlakyCoverageTarget;
import dev.whittle.jazzer.targets.HangTarget;
import dev.whittle.jazzer.targets.LoopCountTarget;
import dev.whittle.jazzer.targets.TargetPaths;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Corpus minimization end to end, over a small corpus with hostile inputs among the others. */
class CorpusMinimizerTest {
  /** Branch by branch: what each input covers decides what is kept. */
  private static final List<String> CORPUS =
      List.of("a", "a1", "a1234567", "b", "bb", "junk", "H", "E", "R", "X");

  @TempDir Path dir;

  @AfterAll
  static void releaseHungTargets() {
    HangTarget.releaseAll();
  }

  @Test
  void selectionKeepsOneSmallestInputPerCoverageAndListsTheHostileOnes() throws IOException {
    Path corpus = corpus();
    Map<String, String> before = contents(corpus);

    CorpusMinimizationResult result =
        minimizer().withShrinking(false).minimize(List.of(corpus), dir.resolve("out"));

    assertEquals(new TreeSet<>(List.of("a", "a1234567", "b", "junk")), outputContents());
    assertEquals(10, result.filesBefore());
    assertEquals(4, result.filesAfter());
    assertEquals(14, result.bytesAfter());
    assertTrue(result.coveragePreserved(), "coverage preserved");
    assertEquals(result.features(), result.featuresAfter());
    assertEquals(
        Map.of(
            "H",
            Finding.TIMEOUT_IDENTITY,
            "E",
            Finding.EXIT_IDENTITY_PREFIX + 3,
            "R",
            StackOverflowError.class.getName(),
            "X",
            IllegalStateException.class.getName()),
        result.crashers().stream()
            .collect(
                Collectors.toMap(
                    crasher -> crasher.input().getFileName().toString(),
                    crasher ->
                        crasher.finding().kind() == Finding.Kind.THROWN
                            ? crasher.finding().exceptionClassName()
                            : crasher.finding().identity())));
    assertEquals(before, contents(corpus), "the input corpus is never modified");
  }

  /**
   * What only a crasher covered (here the 'X' branch) is kept apart: the output keeps no crasher,
   * as it must replay without a failure, and the smallest crasher that showed the feature is copied
   * beside it, so that nothing the input corpus covered is lost. A corpus without one gets no such
   * directory.
   */
  @Test
  void featuresOnlyCrashingInputsShowKeepTheirSmallestCrasherApart() throws IOException {
    Path withCrasher = Files.createDirectories(dir.resolve("with"));
    Path without = Files.createDirectories(dir.resolve("without"));
    for (String input : List.of("a", "b", "X1", "X")) {
      Files.write(withCrasher.resolve(input), input.getBytes(ISO_8859_1));
      if (!input.startsWith("X")) {
        Files.write(without.resolve(input), input.getBytes(ISO_8859_1));
      }
    }
    Map<String, String> before = contents(withCrasher);

    CorpusMinimizationResult crashed =
        minimizer().withShrinking(false).minimize(List.of(withCrasher), dir.resolve("out"));
    CorpusMinimizationResult clean =
        minimizer().withShrinking(false).minimize(List.of(without), dir.resolve("out2"));

    assertEquals(new TreeSet<>(List.of("a", "b")), outputContents());
    assertTrue(crashed.crashOnlyFeatures() > 0, crashed.toString());
    Path crashers = dir.resolve("out.crashers");
    assertEquals(Map.of("crash-" + sha1("X"), "X"), contents(crashers));
    assertEquals(
        List.of(crashers.resolve("crash-" + sha1("X")).toAbsolutePath()),
        crashed.crasherFiles().stream().map(Path::toAbsolutePath).toList());
    assertEquals(0, clean.crashOnlyFeatures(), clean.toString());
    assertEquals(List.of(), clean.crasherFiles());
    assertFalse(Files.exists(dir.resolve("out2.crashers")), "no crasher, no directory");
    assertEquals(clean.features(), crashed.features(), "the crasher adds no stable feature");
    assertEquals(before, contents(withCrasher), "the input corpus is never modified");
  }

  @Test
  void aCrashersDirectoryInTheInputCorpusIsRefusedBeforeAnyRun() throws IOException {
    Path corpus = corpus();
    Map<String, String> before = contents(corpus);

    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                minimizer()
                    .withCrashersDirectory(corpus.resolve("crashers"))
                    .minimize(List.of(corpus), dir.resolve("out")));

    assertTrue(e.getMessage().contains(corpus.resolve("crashers").toString()), e.getMessage());
    assertFalse(Files.exists(dir.resolve("out")), "nothing written");
    assertEquals(before, contents(corpus), "the input corpus is never modified");
  }

  @Test
  void shrinkingMakesEachKeptInputAsSmallAsItsOwnFeaturesAllow() throws IOException {
    Path corpus = corpus();

    CorpusMinimizationResult result = minimizer().minimize(List.of(corpus), dir.resolve("out"));

    TreeSet<String> outputs = outputContents();
    assertEquals(4, outputs.size(), outputs.toString());
    assertTrue(outputs.contains("a") && outputs.contains("b"), outputs.toString());
    // "a1234567" keeps 'a' and a length over 4; "junk" keeps one byte of the default branch.
    assertEquals(
        1,
        outputs.stream().filter(s -> s.length() == 5 && s.startsWith("a")).count(),
        outputs.toString());
    assertEquals(
        1,
        outputs.stream().filter(s -> s.length() == 1 && "junk".contains(s)).count(),
        outputs.toString());
    assertEquals(8, result.bytesAfter());
    assertEquals(2, result.shrunkFiles());
    assertTrue(result.coveragePreserved());
    for (Path file : result.outputs()) {
      assertEquals(
          Hashing.sha1().hashBytes(Files.readAllBytes(file)).toString(),
          file.getFileName().toString(),
          "named by the SHA-1 of its content");
    }
  }

  /**
   * A chunked file whose value only the length-field pass can shrink, behind a header where that
   * pass's sweep first asks questions that fail: with the pass cut off after the few dozen calls a
   * small file's sequence turn would allow it, the 332-byte file stayed as it was; with a tenth of
   * the file's runs as its allowance, the note's value goes and only what the features need stays:
   * one byte of key (plain edges do not count how often the key's loop ran).
   */
  @Test
  void shrinkingGivesTheLengthFieldPassEnoughRunsToReachTheChunkThatGivesWay() throws IOException {
    Path corpus = Files.createDirectories(dir.resolve("corpus"));
    StringBuilder value = new StringBuilder();
    while (value.length() < 300) {
      value.append("a value nobody reads, ");
    }
    String note = "key\0" + value.substring(0, 300);
    String file =
        "CHNK"
            + "\0\0\0\u0008HEAD\0\0\0\u0010\0\0\0\u0010"
            + "\0\0\u0001"
            + (char) (note.length() - 256)
            + "note"
            + note;
    Files.write(corpus.resolve("image"), file.getBytes(ISO_8859_1));

    CorpusMinimizationResult result =
        CorpusMinimizer.forTarget(ChunkCorpusTarget.class.getName(), TargetPaths.classPath())
            .withRunTimeout(Duration.ofMillis(500))
            .minimize(List.of(corpus), dir.resolve("out"));

    assertEquals(
        new TreeSet<>(List.of("CHNK\0\0\0\u0008HEAD\0\0\0\u0010\0\0\0\u0010\0\0\0\u0002notey\0")),
        outputContents());
    assertEquals(1, result.shrunkFiles());
    assertTrue(result.coveragePreserved());
  }

  /**
   * "d!xyz" is kept for the '!' branch alone ("dxyz" has the rest of its features): shrinking it to
   * "d!" would keep that branch and reach one the input corpus never reaches (inputs shorter than
   * three bytes), so the output would cover more than the input corpus and JaCoCo would judge it
   * unequal. The shortest forms without new coverage have three bytes.
   */
  @Test
  void aShrunkInputShowsNoFeatureTheInputCorpusDoesNot() throws IOException {
    Path corpus = Files.createDirectories(dir.resolve("corpus"));
    Files.write(corpus.resolve("bang"), "d!xyz".getBytes(ISO_8859_1));
    Files.write(corpus.resolve("plain"), "dxyz".getBytes(ISO_8859_1));

    CorpusMinimizationResult result = minimizer().minimize(List.of(corpus), dir.resolve("out"));

    TreeSet<String> outputs = outputContents();
    assertEquals(2, outputs.size(), outputs.toString());
    assertEquals(List.of(3, 3), outputs.stream().map(String::length).toList(), outputs.toString());
    assertEquals(1, outputs.stream().filter(s -> s.startsWith("d!")).count(), outputs.toString());
    assertEquals(result.features(), result.featuresAfter(), "no new features");
    assertTrue(result.coveragePreserved());
  }

  /**
   * A file whose runs are slow keeps what its shrinking found within the time per file: with a
   * millisecond, the check of the original already used it up and the file stays as it was.
   */
  @Test
  void shrinkingAFileStopsAtTheTimePerFile() throws IOException {
    Path corpus = Files.createDirectories(dir.resolve("corpus"));
    Files.write(corpus.resolve("s"), "s-and-some-junk".getBytes(ISO_8859_1));

    CorpusMinimizationResult limited =
        minimizer()
            .withMaxTimePerInput(Duration.ofMillis(1))
            .minimize(List.of(corpus), dir.resolve("limited"));
    // Far over what the search needs even on a loaded machine, where the default second is not.
    CorpusMinimizationResult unlimited =
        minimizer()
            .withMaxTimePerInput(Duration.ofSeconds(60))
            .minimize(List.of(corpus), dir.resolve("unlimited"));

    assertEquals(0, limited.shrunkFiles());
    assertEquals(15, limited.bytesAfter());
    assertEquals(1, unlimited.shrunkFiles());
    assertEquals(1, unlimited.bytesAfter());
    assertTrue(limited.coveragePreserved() && unlimited.coveragePreserved());
    assertThrows(
        IllegalArgumentException.class, () -> minimizer().withMaxTimePerInput(Duration.ZERO));
  }

  /**
   * With two jobs, files shrink side by side, each keeping the features it owns: the same four
   * smallest forms as one job finds, and no feature lost although "a" and "a1234567" share one.
   */
  @Test
  void withJobsFilesShrinkSideBySideAndKeepEveryFeature() throws IOException {
    Path corpus = corpus();

    CorpusMinimizationResult result =
        minimizer().withJobs(2).minimize(List.of(corpus), dir.resolve("out"));

    TreeSet<String> outputs = outputContents();
    assertEquals(4, outputs.size(), outputs.toString());
    assertEquals(8, result.bytesAfter(), outputs.toString());
    assertEquals(result.features(), result.featuresAfter());
    assertTrue(result.coveragePreserved());
  }

  /**
   * A file whose run takes longer than a hundredth of the time per file is left as selected: its
   * time would buy too few runs for a search (the 5 ms of 's' against 200 ms per file). Without
   * that rule the 200 ms buy about forty runs, enough to shrink the file to "s".
   */
  @Test
  void aFileTooSlowForItsTimePerFileIsLeftAsSelected() throws IOException {
    Path corpus = Files.createDirectories(dir.resolve("corpus"));
    Files.write(corpus.resolve("s"), "s-and-some-junk".getBytes(ISO_8859_1));
    List<String> log = new java.util.ArrayList<>();

    CorpusMinimizationResult result =
        minimizer()
            .withMaxTimePerInput(Duration.ofMillis(200))
            .withLog(log::add)
            .minimize(List.of(corpus), dir.resolve("out"));

    assertEquals(0, result.shrunkFiles());
    assertEquals(15, result.bytesAfter());
    assertTrue(log.stream().anyMatch(line -> line.contains("left as it is")), log.toString());
    assertTrue(result.coveragePreserved());
  }

  /**
   * The first 'f' input of a loader takes a first-use branch that no run shows again: the input run
   * first shows it once, a flaky feature. The smaller 'f' file keeps the stable features (and
   * shrinks to "f"); the one that showed the first-use branch is kept too, as it is.
   */
  @Test
  void aFeatureNoInputShowsTwiceIsFlakyAndKeepsTheFileThatShowedIt() throws IOException {
    Path corpus = Files.createDirectories(dir.resolve("corpus"));
    Files.write(corpus.resolve("f1"), "f22222".getBytes(ISO_8859_1));
    Files.write(corpus.resolve("f2"), "f1".getBytes(ISO_8859_1));

    CorpusMinimizationResult result = minimizer().minimize(List.of(corpus), dir.resolve("out"));

    assertEquals(new TreeSet<>(List.of("f", "f22222")), outputContents());
    assertTrue(result.flakyFeatures() >= 1, "flaky: " + result.flakyFeatures());
    assertEquals(1, result.flakyFiles());
    assertTrue(result.coveragePreserved());
  }

  /**
   * A lazily built cache: the input that ran first ("ca!") built it and took the branch only a
   * builder ending in '!' takes; the others only ever find it built. The builder's branch is flaky,
   * yet it is the input corpus's coverage. Before, "ca!" was kept for its stable '!' edge and
   * shrunk to "c!", which never builds the cache in a warm loader: the line was lost. Now "ca!" is
   * kept as it is, and "cab!" is not needed.
   */
  @Test
  void aLineOnlyAFlakyRunReachedKeepsTheSmallestFileThatReachedIt() throws IOException {
    Path corpus = Files.createDirectories(dir.resolve("corpus"));
    Files.write(corpus.resolve("1"), "ca!".getBytes(ISO_8859_1));
    Files.write(corpus.resolve("2"), "c".getBytes(ISO_8859_1));
    Files.write(corpus.resolve("3"), "cab!".getBytes(ISO_8859_1));

    CorpusMinimizationResult result =
        flakyMinimizer().minimize(List.of(corpus), dir.resolve("out"));

    assertEquals(new TreeSet<>(List.of("c", "ca!")), outputContents());
    assertTrue(result.flakyFeatures() >= 1, "flaky: " + result.flakyFeatures());
    assertTrue(result.coveragePreserved());
  }

  /**
   * Hash order and the clock make features come and go at random, on any input and in the final
   * check: whatever they show, the minimization ends with every feature kept, and the cache
   * builder's file is kept as it is.
   */
  @Test
  void randomlyFlakyCoverageEndsWithEveryFeatureKept() throws IOException {
    Path corpus = Files.createDirectories(dir.resolve("corpus"));
    List<String> inputs = List.of("ca!", "c", "h!", "h", "hh!", "t!", "t", "tt!", "x");
    for (int i = 0; i < inputs.size(); i++) {
      Files.write(corpus.resolve("" + i), inputs.get(i).getBytes(ISO_8859_1));
    }
    for (int jobs = 1; jobs <= 2; jobs++) {
      Path out = dir.resolve("out" + jobs);
      CorpusMinimizationResult result =
          flakyMinimizer().withJobs(jobs).minimize(List.of(corpus), out);

      assertTrue(result.coveragePreserved(), result::toString);
      assertTrue(contents(out).containsValue("ca!"), contents(out)::toString);
      if (jobs == 1) {
        // One loader: "ca!" builds the cache on its first run only, so its line is flaky every
        // time. With two, each job's loader builds a cache of its own, and whether any feature
        // comes out flaky is chance.
        assertTrue(result.flakyFiles() >= 1, result::toString);
      }
    }
  }

  @Test
  void plainEdgesAndAllFeaturesAreOptions() throws IOException {
    Path corpus = corpus();

    CorpusMinimizationResult result =
        minimizer()
            .withHitCounts(false)
            .withKeepAllFeatures(true)
            .withJobs(2)
            .minimize(List.of(corpus), dir.resolve("out"));

    assertEquals(4, result.filesAfter());
    assertTrue(result.coveragePreserved());
  }

  @Test
  void plainEdgesAreTheDefaultAndHitCountBucketsAnOption() throws IOException {
    Path corpus = Files.createDirectories(dir.resolve("loops"));
    for (int n : new int[] {1, 2, 5, 9}) {
      Files.write(corpus.resolve("x" + n), "x".repeat(n).getBytes(ISO_8859_1));
    }
    CorpusMinimizer loops =
        CorpusMinimizer.forTarget(LoopCountTarget.class.getName(), TargetPaths.classPath())
            .withRunTimeout(Duration.ofMillis(500));

    CorpusMinimizationResult edges = loops.minimize(List.of(corpus), dir.resolve("edges"));
    CorpusMinimizationResult buckets =
        loops.withHitCounts(true).minimize(List.of(corpus), dir.resolve("buckets"));

    assertFalse(loops.hitCounts());
    assertEquals(1, edges.filesAfter(), contents(dir.resolve("edges"))::toString);
    assertEquals(List.of("x"), List.copyOf(contents(dir.resolve("edges")).values()));
    // Buckets 1, 2, 4-7 and 8-15: one file for each, none shrunk into another's bucket.
    assertEquals(4, buckets.filesAfter(), contents(dir.resolve("buckets"))::toString);
    assertTrue(edges.coveragePreserved());
    assertTrue(buckets.coveragePreserved());
  }

  @Test
  void aFuzzTestMethodIsATargetAsClassHashMethod() throws IOException {
    Path corpus = corpus();

    CorpusMinimizationResult result =
        CorpusMinimizer.forTarget(CorpusFuzzTest.class.getName() + "#fuzz", TargetPaths.classPath())
            .withRunTimeout(Duration.ofMillis(500))
            .minimize(List.of(corpus), dir.resolve("out"));

    // 'H', 'E' and 'R' are no branches here; "junk" and they share the fall-through.
    assertEquals(4, result.filesAfter(), outputContents().toString());
    assertTrue(outputContents().containsAll(List.of("a", "b")), outputContents().toString());
    assertEquals(1, result.crashers().size());
    assertEquals(
        IllegalStateException.class.getName(),
        result.crashers().get(0).finding().exceptionClassName());
    assertTrue(result.coveragePreserved());
  }

  @Test
  void anOutputInsideTheCorpusOrNotEmptyIsRefused() throws IOException {
    Path corpus = corpus();
    assertThrows(
        IllegalArgumentException.class,
        () -> minimizer().minimize(List.of(corpus), corpus.resolve("min")));
    Path full = Files.createDirectories(dir.resolve("full"));
    Files.write(full.resolve("x"), new byte[1]);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> minimizer().minimize(List.of(corpus), full));
    assertTrue(e.getMessage().contains("not empty"), e.getMessage());
  }

  /**
   * Issue 19, item 3: merging into a kept corpus adds, smallest first, the new inputs that bring a
   * feature the kept corpus and those added before lack; the kept file stays as it was.
   */
  @Test
  void mergeIntoAddsOnlyInputsWithNewFeaturesAndKeepsTheKeptFiles() throws IOException {
    Path kept = Files.createDirectories(dir.resolve("kept"));
    Files.write(kept.resolve("b"), "b".getBytes(ISO_8859_1));

    CorpusMergeResult result = minimizer().withShrinking(false).mergeInto(kept, List.of(corpus()));

    Map<String, String> after = contents(kept);
    assertEquals("b", after.get("b"), "the kept file as it was");
    assertEquals(
        new TreeSet<>(List.of("a", "a1234567", "b", "junk")),
        new TreeSet<>(after.values()),
        after.toString());
    for (Map.Entry<String, String> file : after.entrySet()) {
      if (!file.getKey().equals("b")) {
        assertEquals(sha1(file.getValue()), file.getKey(), "named by its SHA-1");
      }
    }
    assertEquals(1, result.keptFiles());
    assertEquals(9, result.newInputs(), "\"b\" is in the kept corpus already");
    assertEquals(3, result.added().size());
    assertEquals("a".length() + "junk".length() + "a1234567".length(), result.bytesAdded());
    assertTrue(result.newFeatures() > 0);
    assertEquals(4, result.crashers().size(), result.crashers().toString());
    assertFalse(result.interrupted());
  }

  /** Issue 19, item 3: Ctrl-C during a merge leaves every added file complete. */
  @Test
  void anInterruptedMergeLeavesEveryAddedFileComplete() throws IOException {
    Path kept = Files.createDirectories(dir.resolve("kept"));
    Files.write(kept.resolve("b"), "b".getBytes(ISO_8859_1));
    Path corpus = corpus();
    Thread caller = Thread.currentThread();

    CorpusMergeResult result;
    try {
      result =
          minimizer()
              .withLog(
                  line -> {
                    if (line.startsWith("whittle: added ") && line.contains(" from ")) {
                      caller.interrupt();
                    }
                  })
              .mergeInto(kept, List.of(corpus));
    } finally {
      Thread.interrupted();
    }

    assertTrue(result.interrupted());
    assertEquals(1, result.added().size(), result.added().toString());
    Map<String, String> after = contents(kept);
    assertEquals(2, after.size(), after.toString());
    assertEquals("b", after.get("b"));
    for (Map.Entry<String, String> file : after.entrySet()) {
      if (!file.getKey().equals("b")) {
        assertEquals(sha1(file.getValue()), file.getKey(), "complete: " + file);
      }
    }
  }

  /**
   * Ctrl-C while kept files are shrunk, with one job or more (the same executor either way): the
   * minimization ends at once with the output complete, every file the result lists on disk and
   * named by its content.
   */
  @ParameterizedTest
  @ValueSource(ints = {1, 2})
  void anInterruptedMinimizationLeavesACompleteOutput(int jobs) throws IOException {
    Path corpus = corpus();
    Path out = dir.resolve("out");
    Thread caller = Thread.currentThread();

    CorpusMinimizationResult result;
    try {
      result =
          minimizer()
              .withJobs(jobs)
              .withLog(
                  line -> {
                    if (line.startsWith("whittle: shrank 1/")) {
                      caller.interrupt();
                    }
                  })
              .minimize(List.of(corpus), out);
    } finally {
      Thread.interrupted();
    }

    assertTrue(result.interrupted());
    assertEquals(-1, result.featuresAfter(), "no final check after an interrupt");
    Map<String, String> after = contents(out);
    assertEquals(
        new TreeSet<>(after.keySet()),
        result.outputs().stream()
            .map(file -> file.getFileName().toString())
            .collect(Collectors.toCollection(TreeSet::new)));
    assertFalse(after.isEmpty());
    for (Map.Entry<String, String> file : after.entrySet()) {
      assertEquals(sha1(file.getValue()), file.getKey(), "complete: " + file);
    }
  }

  @SuppressWarnings("deprecation") // SHA-1 names corpus files, as libFuzzer's do.
  private static String sha1(String content) {
    return Hashing.sha1().hashBytes(content.getBytes(ISO_8859_1)).toString();
  }

  private static CorpusMinimizer minimizer() {
    return CorpusMinimizer.forTarget(CorpusTarget.class.getName(), TargetPaths.classPath())
        .withRunTimeout(Duration.ofMillis(500));
  }

  private static CorpusMinimizer flakyMinimizer() {
    return CorpusMinimizer.forTarget(FlakyCoverageTarget.class.getName(), TargetPaths.classPath())
        .withRunTimeout(Duration.ofMillis(500));
  }

  private Path corpus() throws IOException {
    Path corpus = Files.createDirectories(dir.resolve("corpus"));
    for (String input : CORPUS) {
      Files.write(corpus.resolve(input), input.getBytes(ISO_8859_1));
    }
    return corpus;
  }

  private TreeSet<String> outputContents() throws IOException {
    return new TreeSet<>(contents(dir.resolve("out")).values());
  }

  private static Map<String, String> contents(Path directory) throws IOException {
    Map<String, String> contents = new TreeMap<>();
    try (Stream<Path> files = Files.list(directory)) {
      for (Path file : files.toList()) {
        contents.put(file.getFileName().toString(), Files.readString(file, ISO_8859_1));
      }
    }
    return contents;
  }
}
