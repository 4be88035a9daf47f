package dev.whittle.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.jazzer.targets.BugTarget;
import dev.whittle.jazzer.targets.TargetPaths;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Start-up: a command loads only what it uses. Each case runs {@code whittle} in a fresh JVM, as a
 * user does, and reads which classes it loaded ({@code -Xlog:class+load}): class loading is most of
 * a short command's time, and unlike a time it does not depend on the machine's load.
 */
class StartupTest {
  @TempDir Path dir;

  @Test
  void versionBuildsNoCommandLineAndLoadsNoGson() throws Exception {
    Run run = whittle("--version");

    assertEquals(0, run.exitCode, run::toString);
    assertEquals("whittle " + Version.current() + System.lineSeparator(), run.out, run::toString);
    // A few small picocli types (the version provider's interface, exception types the verifier
    // checks) may load; the command line and its model may not.
    assertFalse(run.loaded("picocli.").contains("picocli.CommandLine"), run::toString);
    assertEquals(List.of(), run.loaded("picocli.CommandLine$Model"), run::toString);
    assertEquals(List.of(), run.loaded("com.google.gson."), run::toString);
  }

  @Test
  void minimizeLoadsNoGsonWithoutJsonAndNoOtherCommand() throws Exception {
    Path crash = Files.writeString(dir.resolve("crash-1"), "some prefix BUG and a suffix", UTF_8);

    Run run =
        whittle(
            "minimize",
            "--cp",
            TargetPaths.classPath().get(0).toString(),
            "--target",
            BugTarget.class.getName(),
            crash.toString());

    assertEquals(0, run.exitCode, run::toString);
    assertTrue(run.out.contains("28 -> 3 bytes"), run::toString);
    assertEquals(List.of(), run.loaded("com.google.gson."), run::toString);
    assertEquals(List.of(), run.loaded(ReduceCommand.class.getName()), run::toString);
    assertEquals(List.of(), run.loaded(CorpusCommand.class.getName()), run::toString);
  }

  @Test
  void reduceLoadsNoOtherCommandAndNoGson() throws Exception {
    Path input = Files.writeString(dir.resolve("input.txt"), "some prefix BUG and a suffix", UTF_8);
    Path output = dir.resolve("reduced.txt");

    Run run =
        whittle(
            "reduce",
            "--output",
            output.toString(),
            "--test",
            "grep",
            "-q",
            "BUG",
            input.toString());

    assertEquals(0, run.exitCode, run::toString);
    assertEquals("BUG", Files.readString(output, UTF_8), run::toString);
    assertEquals(List.of(), run.loaded(MinimizeCommand.class.getName()), run::toString);
    assertEquals(List.of(), run.loaded(CorpusCommand.class.getName()), run::toString);
    assertEquals(List.of(), run.loaded("com.google.gson."), run::toString);
  }

  @Test
  void minimizeLoadsNoJdkOrGuavaMachineryForASingleUse() throws Exception {
    Path crash = Files.writeString(dir.resolve("crash-1"), "some prefix BUG and a suffix", UTF_8);
    Path output = dir.resolve("minimized");

    Run run =
        whittle(
            "minimize",
            "--cp",
            TargetPaths.classPath().get(0).toString(),
            "--target",
            BugTarget.class.getName(),
            "--output",
            output.toString(),
            crash.toString());

    assertEquals(0, run.exitCode, run::toString);
    assertEquals("BUG", Files.readString(output, UTF_8), run::toString);
    assertEquals(List.of(), run.loaded("com.google.common.hash."), run::toString);
    // The --cp is split without Guava's splitter and char matchers, and the lock file's process id
    // read without initializing the JDK's process support.
    assertEquals(List.of(), run.loaded("com.google.common.base.CharMatcher"), run::toString);
    assertEquals(List.of(), run.loaded("java.lang.ProcessHandleImpl"), run::toString);
    // The reproducer's imports and the summary are written with loops: a stream's dropWhile loads
    // a few dozen classes for one line.
    assertEquals(List.of(), run.loaded("java.util.stream.WhileOps"), run::toString);
  }

  @Test
  void minimizeWithJsonStillPrintsJson() throws Exception {
    Path crash = Files.writeString(dir.resolve("crash-1"), "some prefix BUG and a suffix", UTF_8);

    Run run =
        whittle(
            "minimize",
            "--json",
            "--cp",
            TargetPaths.classPath().get(0).toString(),
            "--target",
            BugTarget.class.getName(),
            crash.toString());

    assertEquals(0, run.exitCode, run::toString);
    assertTrue(run.out.startsWith("{\"target\":\"" + BugTarget.class.getName()), run::toString);
    assertTrue(run.out.contains("\"minimizedSize\":3"), run::toString);
  }

  @Test
  void helpStillNamesEveryCommand() throws Exception {
    Run run = whittle("--help");

    assertEquals(0, run.exitCode, run::toString);
    for (String command : List.of("reduce", "minimize", "corpus")) {
      assertTrue(run.out.contains("  " + command + " "), () -> command + " in " + run);
    }
  }

  @Test
  void aSubcommandsHelpNamesItsQualifiedCommand() throws Exception {
    Run run = whittle("corpus", "--help");

    assertEquals(0, run.exitCode, run::toString);
    assertTrue(run.out.contains("Usage: whittle corpus "), run::toString);
    assertFalse(run.out.contains("whittle minimize"), run::toString);
  }

  private Run whittle(String... args) throws IOException, InterruptedException {
    Path classes = dir.resolve("classes.log");
    Path out = dir.resolve("out.txt");
    Path err = dir.resolve("err.txt");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xlog:class+load:file=" + classes);
    command.add("-Dwhittle.jazzer.agent=off");
    command.add("-XX:-OmitStackTraceInFastThrow");
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(WhittleCommand.class.getName());
    command.addAll(List.of(args));
    Process process =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    if (!process.waitFor(120, TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
    return new Run(
        process.exitValue(),
        Files.readString(out, UTF_8),
        Files.readString(err, UTF_8),
        Files.readAllLines(classes, UTF_8));
  }

  private record Run(int exitCode, String out, String err, List<String> classLog) {
    /** The classes loaded whose names start with {@code prefix}. */
    List<String> loaded(String prefix) {
      return classLog.stream()
          .map(line -> line.replaceFirst("^\\S+ ", "").split(" ")[0])
          .filter(name -> name.startsWith(prefix))
          .collect(Collectors.toList());
    }

    @Override
    public String toString() {
      return "exit " + exitCode + "\n--- out:\n" + out + "--- err:\n" + err;
    }
  }
}
