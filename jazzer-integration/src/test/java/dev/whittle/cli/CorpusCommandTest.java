package dev.whittle.cli;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.whittle.cli.InProcessWhittle.Execution;
import dev.whittle.jazzer.targets.BugTarget;
import dev.whittle.jazzer.targets.CompiledTargets;
import dev.whittle.jazzer.targets.CorpusTarget;
import dev.whittle.jazzer.targets.HangTarget;
import dev.whittle.jazzer.targets.TargetPaths;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
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

  /**
   * Issue 19, item 3: --into KEPT adds only the new inputs that bring coverage KEPT lacks, shrunk,
   * and leaves every file of KEPT as it was.
   */
  @Test
  void intoAddsOnlyNewCoverageAndLeavesTheKeptFilesAsTheyWere() throws IOException {
    Path kept = Files.createDirectories(dir.resolve("kept"));
    Files.writeString(kept.resolve("b"), "b", ISO_8859_1);
    Files.writeString(kept.resolve("junk"), "junk", ISO_8859_1);
    Files.createDirectories(kept.resolve("sub"));
    Files.writeString(kept.resolve("sub").resolve("a"), "a", ISO_8859_1);
    Map<Path, byte[]> before = contents(kept);
    Path fresh = Files.createDirectories(dir.resolve("new"));
    // "bb" and "zzz" show nothing KEPT does not; "a1234567" reaches longA(); "X" throws.
    for (String input : List.of("bb", "zzz", "a1234567", "X")) {
      Files.writeString(fresh.resolve(input), input, ISO_8859_1);
    }

    Execution run = into(kept, "--json", fresh.toString());

    assertEquals(0, run.exitCode(), run::toString);
    JsonObject json = JsonParser.parseString(run.out()).getAsJsonObject();
    assertEquals(3, json.get("keptFiles").getAsInt());
    assertEquals(1, json.get("filesAdded").getAsInt(), run::toString);
    assertTrue(json.get("newFeatures").getAsInt() > 0, run::toString);
    assertEquals(1, json.getAsJsonArray("crashers").size());
    Map<Path, byte[]> after = contents(kept);
    for (Map.Entry<Path, byte[]> entry : before.entrySet()) {
      assertTrue(after.containsKey(entry.getKey()), "kept file removed: " + entry.getKey());
      assertArrayEquals(entry.getValue(), after.get(entry.getKey()), "changed: " + entry.getKey());
    }
    assertEquals(before.size() + 1, after.size(), after.keySet()::toString);
    Path added = Path.of(json.getAsJsonArray("added").get(0).getAsString());
    byte[] content = Files.readAllBytes(added);
    assertTrue(content.length < "a1234567".length(), "shrunk: " + new String(content, ISO_8859_1));
    assertEquals('a', content[0], new String(content, ISO_8859_1));
    assertEquals(sha1(content), added.getFileName().toString());
    assertEquals(4, contents(fresh).size(), "the new inputs are untouched");
  }

  /** Issue 19, item 3: with nothing new, nothing is added. */
  @Test
  void intoAddsNothingWhenTheNewInputsBringNoCoverage() throws IOException {
    Path kept = Files.createDirectories(dir.resolve("kept"));
    Files.writeString(kept.resolve("b"), "b", ISO_8859_1);
    Files.writeString(kept.resolve("a12345"), "a12345", ISO_8859_1);
    Path fresh = Files.createDirectories(dir.resolve("new"));
    Files.writeString(fresh.resolve("bb"), "bb", ISO_8859_1);
    Files.writeString(fresh.resolve("a99999"), "a99999", ISO_8859_1);
    Map<Path, byte[]> before = contents(kept);

    Execution run = into(kept, fresh.toString());

    assertEquals(0, run.exitCode(), run::toString);
    assertTrue(run.out().contains("0 files added"), run::toString);
    Map<Path, byte[]> after = contents(kept);
    assertEquals(before.keySet(), after.keySet());
  }

  /**
   * Issue 19, item 3, with item 1's flaky features: a new input whose new features include a
   * first-use branch (shown on its first run only) is added as it is, since no candidate could show
   * that branch again; a kept corpus that showed the branch on any run has it covered.
   */
  @Test
  void intoAddsAFlakyFeatureAsItIsAndCountsTheKeptCorpusFlakyFeaturesAsCovered()
      throws IOException {
    Path kept = Files.createDirectories(dir.resolve("kept"));
    Files.writeString(kept.resolve("b"), "b", ISO_8859_1);
    Path fresh = Files.createDirectories(dir.resolve("new"));
    Files.writeString(fresh.resolve("f12345"), "f12345", ISO_8859_1);

    Execution run = into(kept, fresh.toString());

    assertEquals(0, run.exitCode(), run::toString);
    assertTrue(
        Files.exists(kept.resolve(sha1("f12345".getBytes(ISO_8859_1)))),
        "added as it is: " + contents(kept).keySet() + " " + run);

    Path keptWithF = Files.createDirectories(dir.resolve("kept-f"));
    Files.writeString(keptWithF.resolve("f"), "f", ISO_8859_1);

    Execution again = into(keptWithF, fresh.toString());

    assertEquals(0, again.exitCode(), again::toString);
    assertEquals(Set.of(Path.of("f")), contents(keptWithF).keySet(), again::toString);
  }

  @Test
  void intoWithOutputIsAUsageError() throws IOException {
    Path kept = Files.createDirectories(dir.resolve("kept"));
    Path fresh = Files.writeString(dir.resolve("a1234567"), "a1234567", ISO_8859_1);

    Execution run = into(kept, "--output", dir.resolve("out").toString(), fresh.toString());

    assertEquals(ExitCodes.USAGE, run.exitCode(), run::toString);
    assertTrue(run.err().contains("--into and --output"), run::toString);
    assertFalse(Files.exists(dir.resolve("out")), run::toString);
    assertEquals(0, contents(kept).size());
  }

  @Test
  void aMissingKeptCorpusIsAnErrorNamingIt() throws IOException {
    Path kept = dir.resolve("no-such-kept");
    Path fresh = Files.writeString(dir.resolve("a1234567"), "a1234567", ISO_8859_1);

    Execution run = into(kept, fresh.toString());

    assertEquals(ExitCodes.INPUT_UNREADABLE, run.exitCode(), run::toString);
    assertTrue(run.err().contains(kept.toString()), run::toString);
    assertTrue(run.err().contains("does not exist"), run::toString);
    assertFalse(Files.exists(kept), run::toString);
  }

  private static Execution into(Path kept, String... rest) {
    List<String> args = new ArrayList<>();
    args.addAll(
        List.of(
            "corpus",
            "--cp",
            TargetPaths.classPath().get(0).toString(),
            "--target",
            CorpusTarget.class.getName(),
            "--into",
            kept.toString()));
    args.addAll(List.of(rest));
    return InProcessWhittle.execute(args.toArray(String[]::new));
  }

  /** Every regular file under {@code root} with its content. */
  private static Map<Path, byte[]> contents(Path root) throws IOException {
    Map<Path, byte[]> map = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path file : walk.filter(Files::isRegularFile).toList()) {
        map.put(root.relativize(file), Files.readAllBytes(file));
      }
    }
    return map;
  }

  /** The contents of the files under {@code root}, as text, sorted. */
  private static List<String> texts(Path root) throws IOException {
    return contents(root).values().stream()
        .map(content -> new String(content, ISO_8859_1))
        .sorted()
        .toList();
  }

  @SuppressWarnings("deprecation") // SHA-1 names corpus files, as libFuzzer's do.
  private static String sha1(byte[] content) {
    return com.google.common.hash.Hashing.sha1().hashBytes(content).toString();
  }

  /**
   * Issue 17, item 2: a helper jar too old for the target's code makes every input "crash" with a
   * NoSuchMethodError; that is a broken class path, not a corpus to throw away.
   */
  @Test
  void aBrokenClassPathIsAConfigurationErrorAndNothingIsWritten() throws IOException {
    Path corpus = Files.createDirectories(dir.resolve("corpus"));
    List<String> inputs = List.of("", "a", "bb", "ccc", "dddd", "Xyz");
    for (int i = 0; i < inputs.size(); i++) {
      Files.writeString(corpus.resolve("in-" + i), inputs.get(i), ISO_8859_1);
    }
    List<Path> classPath = CompiledTargets.brokenClassPath(dir.resolve("build"), true);
    Path out = dir.resolve("out");

    Execution run =
        InProcessWhittle.execute(
            "corpus",
            "--cp",
            classPath.get(0) + File.pathSeparator + classPath.get(1),
            "--target",
            CompiledTargets.LINKED_TARGET_CLASS,
            "--output",
            out.toString(),
            corpus.toString());

    assertEquals(ExitCodes.CLASS_PATH_BROKEN, run.exitCode(), run::toString);
    assertTrue(run.err().contains(NoSuchMethodError.class.getName()), run::toString);
    assertTrue(run.err().contains("brokencp.Helper.work"), run::toString);
    assertTrue(run.err().contains(classPath.get(0).toString()), "the caller's entry: " + run);
    assertTrue(run.err().contains(classPath.get(1).toString()), "the callee's entry: " + run);
    assertFalse(Files.exists(out), "nothing written: " + run);
    try (Stream<Path> files = Files.list(corpus)) {
      assertEquals(6, files.count());
    }
  }

  /** Issue 17, item 2: a finding that most of the corpus shares is said loudly, each named. */
  @Test
  void mostInputsCrashingWithOneFindingIsAWarningAndEachCrashIsNamed() throws IOException {
    Path corpus = Files.createDirectories(dir.resolve("corpus"));
    for (String input : List.of("BUG1", "BUG22", "xBUG", "BUGBUG", "fine")) {
      Files.writeString(corpus.resolve(input), input, ISO_8859_1);
    }

    Execution run =
        InProcessWhittle.execute(
            "corpus",
            "--cp",
            TargetPaths.classPath().get(0).toString(),
            "--target",
            BugTarget.class.getName(),
            "--output",
            dir.resolve("out").toString(),
            corpus.toString());

    assertTrue(run.err().contains("WARNING: 4 of 5 inputs"), run::toString);
    assertTrue(
        run.out().contains(IllegalStateException.class.getName() + ": bug at 4"), run::toString);
    assertTrue(
        run.out().contains("at " + BugTarget.class.getName() + ".fuzzerTestOneInput"),
        run::toString);
  }

  /** Issue 19, item 1: what only crashers covered goes to --crashers, and the summary says so. */
  @Test
  void crashersThatAloneCoverSomethingAreCopiedToTheCrashersDirectory() throws IOException {
    Path corpus = Files.createDirectories(dir.resolve("corpus"));
    for (String input : List.of("BUG1", "BUG22", "fine")) {
      Files.writeString(corpus.resolve(input), input, ISO_8859_1);
    }
    Path crashers = dir.resolve("kept-apart");

    Execution run =
        InProcessWhittle.execute(
            "corpus",
            "--cp",
            TargetPaths.classPath().get(0).toString(),
            "--target",
            BugTarget.class.getName(),
            "--output",
            dir.resolve("out").toString(),
            "--crashers",
            crashers.toString(),
            "--no-shrink",
            corpus.toString());

    assertEquals(0, run.exitCode(), run::toString);
    List<String> output = texts(dir.resolve("out"));
    List<String> copies = texts(crashers);
    assertEquals(List.of("fine"), output, run::toString);
    assertTrue(copies.contains("BUG1"), copies::toString);
    assertTrue(copies.stream().allMatch(copy -> copy.startsWith("BUG")), copies::toString);
    assertTrue(
        contents(crashers).keySet().stream()
            .allMatch(name -> name.toString().matches("crash-[0-9a-f]{40}")),
        run::toString);
    assertTrue(run.out().contains("copied to " + crashers), run::toString);
    assertFalse(Files.exists(dir.resolve("out.crashers")), run::toString);
  }

  @Test
  void crashersWithIntoIsAUsageError() throws IOException {
    Path kept = Files.createDirectories(dir.resolve("kept"));
    Path fresh = Files.writeString(dir.resolve("a1234567"), "a1234567", ISO_8859_1);

    Execution run = into(kept, "--crashers", dir.resolve("c").toString(), fresh.toString());

    assertEquals(ExitCodes.USAGE, run.exitCode(), run::toString);
    assertTrue(run.err().contains("--crashers goes with --output"), run::toString);
    assertEquals(0, contents(kept).size());
  }

  /** Issue 17, item 5: an unusable --output is refused before any run, naming it and why. */
  @Test
  void anOutputThatCannotBeCreatedIsRefusedBeforeAnyRun() throws IOException {
    Path corpus = Files.createDirectories(dir.resolve("corpus"));
    Files.writeString(corpus.resolve("a"), "a", ISO_8859_1);
    Files.writeString(dir.resolve("a-file"), "not a directory", ISO_8859_1);
    Path out = dir.resolve("a-file").resolve("out");

    Execution run = corpusInto(out, corpus);

    assertEquals(ExitCodes.OUTPUT_UNWRITABLE, run.exitCode(), run::toString);
    assertTrue(run.err().contains("output directory " + out), run::toString);
    assertTrue(run.err().contains("not a directory"), run::toString);
    assertFalse(run.err().contains("running each once"), "no run: " + run);
  }

  /** Issue 17, item 5: the same for a read-only output directory (as a user who is not root). */
  @Test
  void aReadOnlyOutputIsRefusedBeforeAnyRun() throws IOException {
    Path corpus = Files.createDirectories(dir.resolve("corpus"));
    Files.writeString(corpus.resolve("a"), "a", ISO_8859_1);
    Path out = Files.createDirectory(dir.resolve("out"));
    out.toFile().setWritable(false, false);
    try {
      assumeFalse(Files.isWritable(out), "a user who may write anywhere (root)");

      Execution run = corpusInto(out, corpus);

      assertEquals(ExitCodes.OUTPUT_UNWRITABLE, run.exitCode(), run::toString);
      assertTrue(run.err().contains("output directory " + out), run::toString);
      assertTrue(run.err().contains("permission denied"), run::toString);
      assertFalse(run.err().contains("running each once"), "no run: " + run);
    } finally {
      out.toFile().setWritable(true, false);
    }
  }

  @Test
  void theHelpListsTheConfigurationExitCodes() {
    Execution run = InProcessWhittle.execute("corpus", "--help");

    assertEquals(0, run.exitCode(), run::toString);
    String help = run.out().replaceAll("\\s+", " ");
    assertTrue(help.contains(" 11 a run threw a linkage error"), help);
    assertTrue(help.contains("checked before any run"), help);
  }

  private static Execution corpusInto(Path out, Path corpus) {
    return InProcessWhittle.execute(
        "corpus",
        "--cp",
        TargetPaths.classPath().get(0).toString(),
        "--target",
        CorpusTarget.class.getName(),
        "--output",
        out.toString(),
        corpus.toString());
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
