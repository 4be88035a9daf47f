package dev.whittle.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.whittle.cli.InProcessWhittle.Execution;
import dev.whittle.jazzer.api.CrashMinimizer;
import dev.whittle.jazzer.fdp.ByteFuzzedDataProvider;
import dev.whittle.jazzer.output.MinimizationOutputs;
import dev.whittle.jazzer.targets.BugTarget;
import dev.whittle.jazzer.targets.CompiledTargets;
import dev.whittle.jazzer.targets.ExitTarget;
import dev.whittle.jazzer.targets.FlakyTarget;
import dev.whittle.jazzer.targets.FuzzedDataCrashes;
import dev.whittle.jazzer.targets.TargetPaths;
import dev.whittle.jazzer.targets.ThresholdStringTarget;
import dev.whittle.jazzer.targets.WarmOnlyOverflowTarget;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MinimizeCommandTest {
  private static final String BUG_TARGET = BugTarget.class.getName();
  private static final String BUG_CRASH = "some prefix BUG and a suffix";
  private static final String BUG_SHA1 = MinimizationOutputs.sha1Hex("BUG".getBytes(UTF_8));

  /** The token the API gives the same crash: the command must report exactly this one. */
  private static final String BUG_TOKEN =
      CrashMinimizer.forTarget(BUG_TARGET, TargetPaths.classPath())
          .minimize("BUG".getBytes(UTF_8))
          .dedupToken();

  @TempDir Path dir;

  @Test
  void minimizesACrashFileAndWritesTheResultAndAReproducerNextToIt() throws IOException {
    Path crash = write("crash-1", BUG_CRASH);

    Execution run = minimize(BUG_TARGET, crash.toString());

    assertEquals(0, run.exitCode(), run::toString);
    assertEquals("BUG", read(dir.resolve("minimized-" + BUG_SHA1)));
    String reproducer = read(dir.resolve("Crash_" + BUG_SHA1 + ".java"));
    assertTrue(reproducer.contains("public class Crash_" + BUG_SHA1), reproducer);
    assertTrue(reproducer.contains(BUG_TARGET + ".fuzzerTestOneInput(DATA)"), reproducer);
    assertTrue(reproducer.contains("66, 85, 71"), "the bytes of BUG: " + reproducer);
    assertTrue(run.out().contains(BUG_TOKEN), "summary names the token: " + run);
    assertTrue(run.out().contains(BUG_CRASH.length() + " -> 3 bytes"), "sizes: " + run);
    assertTrue(run.err().contains("whittle: minimizing " + crash), "progress: " + run);
  }

  @Test
  void aResourceFindingThatNoFreshJvmReproducesIsWrittenAsUnverifiedWithExitCode10()
      throws IOException {
    Path crash = write("crash-1", "aaRaa");
    System.setProperty(WarmOnlyOverflowTarget.WARM, "true");
    Execution run;
    try {
      run = minimize(WarmOnlyOverflowTarget.class.getName(), "--json", crash.toString());
    } finally {
      System.clearProperty(WarmOnlyOverflowTarget.WARM);
    }

    assertEquals(ExitCodes.NOT_VERIFIED, run.exitCode(), run::toString);
    String sha1 = MinimizationOutputs.sha1Hex("R".getBytes(UTF_8));
    assertEquals("R", read(dir.resolve("unverified-" + sha1)));
    assertFalse(Files.exists(dir.resolve("minimized-" + sha1)), "no minimized- file");
    JsonObject entry =
        JsonParser.parseString(run.out())
            .getAsJsonObject()
            .getAsJsonArray("crashes")
            .get(0)
            .getAsJsonObject();
    assertFalse(entry.get("verified").getAsBoolean());
    assertEquals("fresh JVM", entry.get("verifiedBy").getAsString());
    assertTrue(
        entry.get("verification").getAsString().contains("not even the crash itself"),
        run::toString);
    assertTrue(run.err().contains("NOT verified in fresh JVMs"), run::toString);
  }

  @Test
  void jvmArgGoesToTheFreshJvms() throws IOException {
    Path crash = write("crash-1", "aaRaa");
    System.setProperty(WarmOnlyOverflowTarget.WARM, "true");
    Execution run;
    try {
      run =
          minimize(
              WarmOnlyOverflowTarget.class.getName(),
              "--jvm-arg=-D" + WarmOnlyOverflowTarget.WARM + "=true",
              "--jvm-arg=-Xss512k",
              crash.toString());
    } finally {
      System.clearProperty(WarmOnlyOverflowTarget.WARM);
    }

    assertEquals(0, run.exitCode(), run::toString);
    assertEquals(
        "R", read(dir.resolve("minimized-" + MinimizationOutputs.sha1Hex("R".getBytes(UTF_8)))));
    assertTrue(run.out().contains("verified: 3/3 fresh JVMs with -D"), run::toString);
  }

  @Test
  void aJvmArgMustBeAnOption() throws IOException {
    Path crash = write("crash-1", BUG_CRASH);

    Execution run = minimize(BUG_TARGET, "--jvm-arg", "Xss512k", crash.toString());

    assertEquals(ExitCodes.USAGE, run.exitCode(), run::toString);
    assertTrue(run.err().contains("--jvm-arg takes a JVM option"), run::toString);
  }

  @Test
  void stopsAtTheRunLimitWithTheSmallestInputSoFarVerifiedAndWritten() throws IOException {
    Path crash = write("crash-1", BUG_CRASH);

    Execution run = minimize(BUG_TARGET, "--json", "--max-runs", "4", crash.toString());

    assertEquals(0, run.exitCode(), run::toString);
    JsonObject entry =
        JsonParser.parseString(run.out())
            .getAsJsonObject()
            .getAsJsonArray("crashes")
            .get(0)
            .getAsJsonObject();
    assertEquals("max_runs", entry.get("stopReason").getAsString());
    // The search's 4, the 3 reproduction runs before it and the verification after it.
    assertEquals(4 + 3 + 1, entry.get("runs").getAsLong());
    assertTrue(entry.get("verified").getAsBoolean());
    int size = entry.get("minimizedSize").getAsInt();
    assertTrue(size > 3 && size < BUG_CRASH.length(), "shrunk, but not all the way: " + size);
    assertTrue(read(Path.of(entry.get("minimizedFile").getAsString())).contains("BUG"));
    JsonArray trajectory = entry.getAsJsonArray("trajectory");
    assertEquals(BUG_CRASH.length(), trajectory.get(0).getAsJsonObject().get("size").getAsInt());
    assertEquals(
        size, trajectory.get(trajectory.size() - 1).getAsJsonObject().get("size").getAsInt());
  }

  @Test
  void refusesARunLimitBelowOneAndAPlotForSeveralCrashFiles() throws IOException {
    Path crash = write("crash-1", BUG_CRASH);
    Path other = write("crash-2", BUG_CRASH + "!");

    Execution zero = minimize(BUG_TARGET, "--max-runs", "0", crash.toString());
    Execution plots =
        minimize(
            BUG_TARGET,
            "--plot",
            dir.resolve("p.svg").toString(),
            crash.toString(),
            other.toString());

    assertEquals(2, zero.exitCode(), zero::toString);
    assertTrue(zero.err().contains("--max-runs must be at least 1, was 0"), zero::toString);
    assertEquals(2, plots.exitCode(), plots::toString);
    assertTrue(plots.err().contains("--plot needs exactly one crash file"), plots::toString);
    assertFalse(Files.exists(dir.resolve("p.svg")));
  }

  @Test
  void drawsTheMinimizationsTrajectoryIntoThePlotFile() throws IOException {
    Path crash = write("crash-1", BUG_CRASH);
    Path plot = dir.resolve("plot.svg");

    Execution run = minimize(BUG_TARGET, "--plot", plot.toString(), crash.toString());

    assertEquals(0, run.exitCode(), run::toString);
    String svg = Files.readString(plot);
    assertEquals(2, svg.split("<polyline", -1).length - 1, svg);
    assertTrue(svg.contains("whittle minimize crash-1"), svg);
  }

  @Test
  void neverModifiesOrMovesTheCrashFileAndLeavesNoTemporaryFiles() throws IOException {
    Path crash = write("crash-1", BUG_CRASH);
    FileTime longAgo = FileTime.from(Instant.parse("2020-01-02T03:04:05Z"));
    Files.setLastModifiedTime(crash, longAgo);

    Execution run = minimize(BUG_TARGET, crash.toString());

    assertEquals(0, run.exitCode(), run::toString);
    assertArrayEquals(BUG_CRASH.getBytes(UTF_8), Files.readAllBytes(crash));
    assertEquals(longAgo, Files.getLastModifiedTime(crash));
    assertEquals(
        List.of("Crash_" + BUG_SHA1 + ".java", "crash-1", "minimized-" + BUG_SHA1), fileNames(dir));
  }

  @Test
  void aDirectoryStandsForItsCrashFilesWhichAreGroupedByFinding() throws IOException {
    Path crashes = Files.createDirectory(dir.resolve("crashes"));
    write("crashes/crash-a", "aaa BUG aaa");
    write("crashes/crash-b", "BUG bbbbbbbbbbbb");
    write("crashes/crash-c", "cc OTHER cc");
    write("crashes/notes.txt", "no crash file: not a crash-* name");

    Execution run = minimize(BUG_TARGET, "--json", crashes.toString());

    assertEquals(0, run.exitCode(), run::toString);
    JsonObject report = JsonParser.parseString(run.out()).getAsJsonObject();
    assertEquals(3, report.getAsJsonArray("crashes").size(), run::toString);
    JsonArray groups = report.getAsJsonArray("groups");
    assertEquals(2, groups.size(), run::toString);
    JsonObject bug = groups.get(0).getAsJsonObject();
    assertEquals(BUG_TOKEN, bug.get("dedupToken").getAsString());
    assertEquals(
        List.of(crashes.resolve("crash-a").toString(), crashes.resolve("crash-b").toString()),
        strings(bug.getAsJsonArray("files")));
    JsonObject other = groups.get(1).getAsJsonObject();
    assertEquals(IllegalArgumentException.class.getName(), other.get("exception").getAsString());
    assertEquals("OTHER", read(dir.resolve("crashes/minimized-" + sha1("OTHER"))));
  }

  @Test
  void theJsonHasAnEntryWithTheFiguresPerCrashFile() throws IOException {
    Path crash = write("crash-1", BUG_CRASH);

    Execution run = minimize(BUG_TARGET, "--json", crash.toString());

    assertEquals(0, run.exitCode(), run::toString);
    JsonObject report = JsonParser.parseString(run.out()).getAsJsonObject();
    assertEquals(BUG_TARGET, report.get("target").getAsString());
    JsonObject entry = report.getAsJsonArray("crashes").get(0).getAsJsonObject();
    assertEquals(crash.toString(), entry.get("file").getAsString());
    assertEquals(BUG_TARGET, entry.get("target").getAsString());
    assertEquals(BUG_TOKEN, entry.get("dedupToken").getAsString());
    assertEquals(IllegalStateException.class.getName(), entry.get("exception").getAsString());
    assertEquals(BUG_CRASH.length(), entry.get("originalSize").getAsInt());
    assertEquals(3, entry.get("minimizedSize").getAsInt());
    assertTrue(entry.get("runs").getAsLong() > CrashMinimizer.DEFAULT_REPRODUCTION_RUNS);
    assertTrue(entry.get("milliseconds").getAsLong() >= 0);
    assertTrue(entry.get("verified").getAsBoolean());
    assertEquals(
        dir.resolve("minimized-" + BUG_SHA1).toString(), entry.get("minimizedFile").getAsString());
    assertEquals(
        dir.resolve("Crash_" + BUG_SHA1 + ".java").toString(),
        entry.get("reproducerFile").getAsString());
    assertFalse(entry.has("error"), entry::toString);
  }

  @Test
  void aFileThatDoesNotCrashIsReportedAndTheOthersAreStillMinimized() throws IOException {
    Path harmless = write("crash-harmless", "nothing to see");
    Path crash = write("crash-real", BUG_CRASH);

    Execution run = minimize(BUG_TARGET, harmless.toString(), crash.toString());

    assertEquals(ExitCodes.CRASH_NOT_REPRODUCED, run.exitCode(), run::toString);
    assertTrue(
        run.err().contains(harmless + " does not crash " + BUG_TARGET), "names the file: " + run);
    assertEquals("BUG", read(dir.resolve("minimized-" + BUG_SHA1)));
    assertTrue(run.out().contains("Minimized 1 of 2 crash files"), run::toString);
    assertEquals(
        List.of(
            "Crash_" + BUG_SHA1 + ".java", "crash-harmless", "crash-real", "minimized-" + BUG_SHA1),
        fileNames(dir));
  }

  @Test
  void aFlakyFindingHasItsOwnExitCodeAndErrorEntry() throws IOException {
    Path crash = write("crash-flaky", "xxFxx");

    Execution run = minimize(FlakyTarget.class.getName(), "--json", crash.toString());

    assertEquals(ExitCodes.FLAKY_FINDING, run.exitCode(), run::toString);
    JsonObject entry =
        JsonParser.parseString(run.out())
            .getAsJsonObject()
            .getAsJsonArray("crashes")
            .get(0)
            .getAsJsonObject();
    JsonObject error = entry.getAsJsonObject("error");
    assertEquals(ExitCodes.FLAKY_FINDING, error.get("exitCode").getAsInt());
    assertTrue(error.get("message").getAsString().contains("flaky"), entry::toString);
    assertFalse(entry.has("minimizedFile"), entry::toString);
  }

  @Test
  void aMissingTargetClassIsAClearErrorAndStopsAtOnce() throws IOException {
    Path first = write("crash-1", BUG_CRASH);
    Path second = write("crash-2", BUG_CRASH + "!");

    Execution run = minimize("com.example.Nowhere", first.toString(), second.toString());

    assertEquals(ExitCodes.TARGET_NOT_LOADABLE, run.exitCode(), run::toString);
    assertTrue(run.err().contains("com.example.Nowhere cannot be loaded"), run::toString);
    assertFalse(run.err().contains("minimizing " + second), "stops after the first: " + run);
    assertEquals(List.of("crash-1", "crash-2"), fileNames(dir));
  }

  @Test
  void writesToTheOutputOptionWithTheReproducerNextToIt() throws IOException {
    Path crash = write("crash-1", BUG_CRASH);
    Path output = dir.resolve("out").resolve("small");
    Files.createDirectory(output.getParent());

    Execution run = minimize(BUG_TARGET, "--output", output.toString(), crash.toString());

    assertEquals(0, run.exitCode(), run::toString);
    assertEquals("BUG", read(output));
    assertTrue(Files.exists(output.resolveSibling("Crash_" + BUG_SHA1 + ".java")));
    assertFalse(Files.exists(dir.resolve("minimized-" + BUG_SHA1)));
  }

  @Test
  void valueReductionIsOnByDefaultAndTheFlagTurnsItOff() throws IOException {
    Path crash = dir.resolve("crash-1");
    Files.write(crash, FuzzedDataCrashes.threshold(new Random(1)));
    Path values = dir.resolve("values");
    Path bytes = dir.resolve("bytes");
    String target = ThresholdStringTarget.class.getName();

    Execution on = minimize(target, "--output", values.toString(), crash.toString());
    Execution off =
        minimize(target, "--no-value-reduction", "--output", bytes.toString(), crash.toString());

    assertEquals(0, on.exitCode(), on::toString);
    assertEquals(0, off.exitCode(), off::toString);
    // Bytes alone keep the fuzzer's 837; only value reduction moves it to 500.
    assertEquals(500, ByteFuzzedDataProvider.of(Files.readAllBytes(values)).consumeInt(0, 1000));
    assertEquals(837, ByteFuzzedDataProvider.of(Files.readAllBytes(bytes)).consumeInt(0, 1000));
  }

  @Test
  void outputForSeveralCrashFilesIsAUsageError() throws IOException {
    Path a = write("crash-a", BUG_CRASH);
    Path b = write("crash-b", BUG_CRASH);

    Execution run = minimize(BUG_TARGET, "--output", "out", a.toString(), b.toString());

    assertEquals(ExitCodes.USAGE, run.exitCode(), run::toString);
    assertTrue(run.err().contains("--output needs exactly one crash file"), run::toString);
  }

  @Test
  void argumentErrorsNameTheFileOrValue() throws IOException {
    Path empty = Files.createDirectory(dir.resolve("empty"));
    Path missingEntry = dir.resolve("no-such-classes");

    Execution missingCrash = minimize(BUG_TARGET, dir.resolve("crash-gone").toString());
    Execution emptyDirectory = minimize(BUG_TARGET, empty.toString());
    Execution badClassPath =
        InProcessWhittle.execute(
            "minimize",
            "--cp",
            classPath() + File.pathSeparator + missingEntry,
            "--target",
            BUG_TARGET,
            write("crash-1", BUG_CRASH).toString());
    Execution badMatch = minimize(BUG_TARGET, "--match", "top-frames-x", "crash-1");

    assertEquals(ExitCodes.INPUT_UNREADABLE, missingCrash.exitCode(), missingCrash::toString);
    assertTrue(missingCrash.err().contains("crash-gone"), missingCrash::toString);
    assertEquals(ExitCodes.INPUT_UNREADABLE, emptyDirectory.exitCode(), emptyDirectory::toString);
    assertTrue(
        emptyDirectory.err().contains(empty + " holds no crash-*"), emptyDirectory::toString);
    assertEquals(ExitCodes.USAGE, badClassPath.exitCode(), badClassPath::toString);
    assertTrue(
        badClassPath.err().contains("--cp entry " + missingEntry + " does not exist"),
        badClassPath::toString);
    assertEquals(ExitCodes.USAGE, badMatch.exitCode(), badMatch::toString);
    assertTrue(badMatch.err().contains("top-frames-x"), badMatch::toString);
  }

  /**
   * Where the JVM refuses a SecurityManager (JDK 24 and later always; here JDK 17 told so), an
   * exiting target is an exit finding like any other and every crash file is minimized: before the
   * exit calls were rewritten, the first file failed the guard and the others were abandoned.
   */
  @Test
  void aJvmThatRefusesSecurityManagersMinimizesExitsInEveryFile() throws Exception {
    Path first = Files.createDirectories(dir.resolve("a")).resolve("crash-1");
    Path second = Files.createDirectories(dir.resolve("b")).resolve("crash-2");
    Files.writeString(first, "abEcd", UTF_8);
    Files.writeString(second, "xxxxExx", UTF_8);
    Path log = dir.resolve("whittle.log");
    Process whittle =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.security.manager=disallow",
                "-Dwhittle.jazzer.agent=off",
                "-XX:-OmitStackTraceInFastThrow",
                "-cp",
                System.getProperty("java.class.path"),
                WhittleCommand.class.getName(),
                "minimize",
                "--cp",
                classPath(),
                "--target",
                ExitTarget.class.getName(),
                first.toString(),
                second.toString())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    if (!whittle.waitFor(120, TimeUnit.SECONDS)) {
      whittle.destroyForcibly();
    }
    String output = Files.readString(log, UTF_8);

    assertEquals(0, whittle.exitValue(), output);
    String exitSha1 = MinimizationOutputs.sha1Hex("E".getBytes(UTF_8));
    assertEquals("E", read(first.resolveSibling("minimized-" + exitSha1)), output);
    assertEquals("E", read(second.resolveSibling("minimized-" + exitSha1)), output);
    assertTrue(output.contains("exit-3"), output);
    assertFalse(output.contains("SecurityManager"), output);
  }

  /** Issue 17, item 2: a linkage error is the class path's fault, not a finding to minimize. */
  @Test
  void aCrashWhoseFindingIsALinkageErrorIsAConfigurationErrorAndNothingIsWritten()
      throws IOException {
    Path crashes = Files.createDirectory(dir.resolve("crashes"));
    Path crash = Files.writeString(crashes.resolve("crash-1"), "abc", UTF_8);
    Path other = Files.writeString(crashes.resolve("crash-2"), "abcd", UTF_8);
    List<Path> classPath = CompiledTargets.brokenClassPath(dir.resolve("build"), false);

    Execution run =
        InProcessWhittle.execute(
            "minimize",
            "--cp",
            classPath.get(0).toString(),
            "--target",
            CompiledTargets.LINKED_TARGET_CLASS,
            crash.toString(),
            other.toString());

    assertEquals(ExitCodes.CLASS_PATH_BROKEN, run.exitCode(), run::toString);
    assertTrue(run.err().contains(NoClassDefFoundError.class.getName()), run::toString);
    assertTrue(run.err().contains("brokencp.Helper"), run::toString);
    assertTrue(run.err().contains("no entry of the target's class path"), run::toString);
    assertTrue(run.err().contains(classPath.get(0).toString()), run::toString);
    assertFalse(run.err().contains("minimizing " + other), "stops at the first: " + run);
    assertEquals(List.of("crash-1", "crash-2"), fileNames(crashes));
  }

  /**
   * Issue 17, item 5: a result that cannot go where it belongs (here a directory in the way of
   * minimized-SHA1, which not even root can replace) is printed and written to the current
   * directory instead, with its reproducer; the message names both places.
   */
  @Test
  void aResultThatCannotBeWrittenIsPrintedAndWrittenToTheCurrentDirectory() throws Exception {
    Path crash = write("crash-1", BUG_CRASH);
    Path blocked = dir.resolve("minimized-" + BUG_SHA1);
    Files.writeString(Files.createDirectory(blocked).resolve("in-the-way"), "x", UTF_8);
    Path work = Files.createDirectory(dir.resolve("work"));

    Subprocess run = whittleIn(work, crash.toString());

    assertEquals(ExitCodes.OUTPUT_UNWRITABLE, run.exitCode(), run.output());
    assertEquals("BUG", read(work.resolve("minimized-" + BUG_SHA1)), run.output());
    assertTrue(Files.exists(work.resolve("Crash_" + BUG_SHA1 + ".java")), run.output());
    assertTrue(run.output().contains("cannot write " + blocked), run.output());
    assertTrue(
        run.output().contains(work.resolve("minimized-" + BUG_SHA1).toString()), run.output());
    assertTrue(run.output().contains("\"BUG\""), "the bytes, escaped: " + run.output());
    assertEquals(BUG_CRASH, read(crash));
    assertFalse(Files.exists(dir.resolve("Crash_" + BUG_SHA1 + ".java")), run.output());
  }

  /** Issue 17, item 5: the same when the crash file's own directory is read-only. */
  @Test
  void aReadOnlyCrashDirectoryGetsItsResultInTheCurrentDirectory() throws Exception {
    Path crashes = Files.createDirectory(dir.resolve("crashes"));
    Path crash = Files.writeString(crashes.resolve("crash-1"), BUG_CRASH, UTF_8);
    Path work = Files.createDirectory(dir.resolve("work"));
    crashes.toFile().setWritable(false, false);
    try {
      assumeFalse(Files.isWritable(crashes), "a user who may write anywhere (root)");

      Subprocess run = whittleIn(work, crash.toString());

      assertEquals(ExitCodes.OUTPUT_UNWRITABLE, run.exitCode(), run.output());
      assertEquals("BUG", read(work.resolve("minimized-" + BUG_SHA1)), run.output());
      assertTrue(run.output().contains("\"BUG\""), run.output());
      assertEquals(List.of("crash-1"), fileNames(crashes));
    } finally {
      crashes.toFile().setWritable(true, false);
    }
  }

  private record Subprocess(int exitCode, String output) {}

  /**
   * Runs {@code whittle minimize} on BugTarget in a JVM of its own whose directory is {@code cwd}.
   */
  private Subprocess whittleIn(Path cwd, String... rest) throws Exception {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dwhittle.jazzer.agent=off",
                "-XX:-OmitStackTraceInFastThrow",
                "-cp",
                System.getProperty("java.class.path"),
                WhittleCommand.class.getName(),
                "minimize",
                "--cp",
                classPath(),
                "--target",
                BUG_TARGET));
    command.addAll(List.of(rest));
    Path log = Files.createTempFile(dir, "whittle", ".log");
    Process whittle =
        new ProcessBuilder(command)
            .directory(cwd.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    if (!whittle.waitFor(120, TimeUnit.SECONDS)) {
      whittle.destroyForcibly();
    }
    return new Subprocess(whittle.exitValue(), Files.readString(log, UTF_8));
  }

  @Test
  void theHelpNamesTheJvmFlagsAndTheExitCodes() {
    Execution run = InProcessWhittle.execute("minimize", "--help");

    assertEquals(0, run.exitCode(), run::toString);
    assertTrue(run.out().contains("-XX:-OmitStackTraceInFastThrow"), run::toString);
    assertTrue(run.out().contains("Runtime.halt"), run::toString);
    assertFalse(run.out().contains("SecurityManager"), run::toString);
    assertTrue(run.out().contains("a crash file does not crash the target"), run::toString);
    String help = run.out().replaceAll("\\s+", " ");
    assertTrue(help.contains(" 11 a run threw a linkage error"), help);
    assertTrue(help.contains("whittle-out in the temporary directory"), help);
  }

  private Execution minimize(String target, String... rest) {
    List<String> args =
        new ArrayList<>(List.of("minimize", "--cp", classPath(), "--target", target));
    args.addAll(List.of(rest));
    return InProcessWhittle.execute(args.toArray(String[]::new));
  }

  private static String classPath() {
    return TargetPaths.classPath().get(0).toString();
  }

  private Path write(String name, String content) throws IOException {
    return Files.writeString(dir.resolve(name), content, UTF_8);
  }

  private static String read(Path file) throws IOException {
    return Files.readString(file, UTF_8);
  }

  private static String sha1(String content) {
    return MinimizationOutputs.sha1Hex(content.getBytes(UTF_8));
  }

  private static List<String> strings(JsonArray array) {
    List<String> strings = new ArrayList<>();
    array.forEach(element -> strings.add(element.getAsString()));
    return strings;
  }

  private static List<String> fileNames(Path directory) throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      return files.map(file -> file.getFileName().toString()).sorted().toList();
    }
  }
}
