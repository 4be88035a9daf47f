package dev.whittle.cli;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.jazzer.output.MinimizationOutputs;
import dev.whittle.jazzer.targets.BugTarget;
import dev.whittle.jazzer.targets.CorpusTarget;
import dev.whittle.jazzer.targets.HostileTargets;
import dev.whittle.jazzer.targets.TargetPaths;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every front door ends, and reports, whatever the target does to its JVM (shutdown hooks that
 * never end, threads that never end, closed or replaced standard streams) and whatever file it is
 * given (a named pipe, a device, a file longer than a Java array). Each case runs the command line
 * in a JVM of its own, as a user does, and must end well within {@link #DEADLINE_SECONDS}.
 */
class BoundedFrontDoorsTest {
  private static final int DEADLINE_SECONDS = 60;
  private static final long THREE_GIB = 3L << 30;

  @TempDir Path dir;

  @Test
  void minimizeEndsDespiteAShutdownHookThatNeverEnds() throws Exception {
    assertMinimizes(HostileTargets.BlockingShutdownHook.class);
  }

  @Test
  void minimizeEndsDespiteShutdownHooksThatExitOrDeadlock() throws Exception {
    assertMinimizes(HostileTargets.ExitingAndDeadlockingShutdownHooks.class);
  }

  @Test
  void minimizeEndsDespiteAThreadThatNeverEnds() throws Exception {
    assertMinimizes(HostileTargets.NonDaemonThread.class);
  }

  @Test
  void minimizeReportsAfterTheTargetClosedSystemOutAndErr() throws Exception {
    assertMinimizes(HostileTargets.ClosingStandardStreams.class);
  }

  @Test
  void minimizeReportsAfterTheTargetReplacedSystemOutAndErr() throws Exception {
    assertMinimizes(HostileTargets.ReplacingStandardStreams.class);
  }

  @Test
  void corpusEndsDespiteAShutdownHookThatNeverEnds() throws Exception {
    assertCorpusMinimizes(HostileTargets.BlockingShutdownHook.class);
  }

  @Test
  void corpusEndsDespiteShutdownHooksThatExitOrDeadlock() throws Exception {
    assertCorpusMinimizes(HostileTargets.ExitingAndDeadlockingShutdownHooks.class);
  }

  @Test
  void corpusEndsDespiteAThreadThatNeverEnds() throws Exception {
    assertCorpusMinimizes(HostileTargets.NonDaemonThread.class);
  }

  @Test
  void corpusReportsAfterTheTargetClosedSystemOutAndErr() throws Exception {
    assertCorpusMinimizes(HostileTargets.ClosingStandardStreams.class);
  }

  @Test
  @EnabledOnOs({OS.LINUX, OS.MAC})
  void aNamedPipeIsRefusedByEveryFrontDoor() throws Exception {
    Path fifo = dir.resolve("crash-fifo");
    Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
    assertEquals(0, mkfifo.waitFor());

    assertRefused(minimize(fifo), fifo, "not a regular file");
    assertRefused(reduce(fifo), fifo, "not a regular file");
    assertRefused(corpus(fifo), fifo, "not a regular file");
  }

  @Test
  @EnabledOnOs(OS.LINUX)
  void devicesAreRefusedNotReadForever() throws Exception {
    Path zero = Path.of("/dev/zero");
    assertRefused(minimize(zero, "-Xmx512m"), zero, "not a regular file");
    assertRefused(reduce(zero), zero, "not a regular file");
    // A pipe on standard input, as the child gets it.
    Path stdin = Path.of("/dev/stdin");
    assertRefused(minimize(stdin), stdin, "not a regular file");
  }

  @Test
  void aCrashFileLongerThanAnArrayIsRefusedWithItsSize() throws Exception {
    Path big = sparse(dir.resolve("crash-big"), THREE_GIB);

    Run run = minimize(big);

    assertRefused(run, big, THREE_GIB + " bytes");
    assertTrue(run.err().contains("2 GiB"), run::toString);
  }

  @Test
  void aCorpusFileLongerThanAnArrayIsRefusedWithItsSize() throws Exception {
    Path corpus = Files.createDirectories(dir.resolve("corpus"));
    Files.writeString(corpus.resolve("small"), "a", ISO_8859_1);
    Path big = sparse(corpus.resolve("big"), THREE_GIB);

    Run run = corpus(corpus);

    assertRefused(run, big, THREE_GIB + " bytes");
    assertTrue(run.err().contains("2 GiB"), run::toString);
  }

  /** No heap helps, so the advice must not be a larger one. */
  @Test
  void aReduceInputLongerThanAnArraySaysNoHeapHelps() throws Exception {
    Path big = sparse(dir.resolve("big.bin"), THREE_GIB);

    Run run = reduce(big);

    assertRefused(run, big, THREE_GIB + " bytes");
    assertTrue(run.err().contains("no heap size helps"), run::toString);
    assertFalse(run.err().contains("-Xmx"), run::toString);
  }

  /** A file that fits in an array but not in this heap: a larger heap helps, and it says so. */
  @Test
  void aCrashFileLargerThanTheHeapAsksForAHeap() throws Exception {
    Path big = sparse(dir.resolve("crash-heap"), 600L << 20);

    Run run = minimize(big, "-Xmx128m");

    assertEquals(ExitCodes.OUT_OF_MEMORY, run.exitCode(), run::toString);
    assertTrue(run.err().contains(big.toString()), run::toString);
    assertTrue(run.err().contains((600L << 20) + " bytes"), run::toString);
    assertTrue(run.err().contains("-Xmx"), run::toString);
    assertFalse(run.err().contains("\tat "), () -> "no stack trace: " + run);
  }

  private void assertMinimizes(Class<?> target) throws Exception {
    Path crash = Files.writeString(dir.resolve("crash-hostile"), "xxxxBUGxxxx", ISO_8859_1);

    Run run =
        whittle(
            List.of(),
            "minimize",
            "--cp",
            TargetPaths.classPath().get(0).toString(),
            "--target",
            target.getName(),
            crash.toString());

    assertEquals(ExitCodes.OK, run.exitCode(), run::toString);
    assertTrue(run.out().contains("Minimized 1 of 1 crash files"), run::toString);
    assertTrue(run.err().contains("whittle: minimizing " + crash), run::toString);
    Path minimized =
        crash.resolveSibling("minimized-" + MinimizationOutputs.sha1Hex("BUG".getBytes(UTF_8)));
    assertEquals("BUG", Files.readString(minimized, UTF_8), run::toString);
  }

  private void assertCorpusMinimizes(Class<?> target) throws Exception {
    Path corpus = Files.createDirectories(dir.resolve("corpus"));
    for (String input : List.of("a", "ab", "abc")) {
      Files.writeString(corpus.resolve(input), input, ISO_8859_1);
    }
    Path out = dir.resolve("out");

    Run run =
        whittle(
            List.of(),
            "corpus",
            "--cp",
            TargetPaths.classPath().get(0).toString(),
            "--target",
            target.getName(),
            "--output",
            out.toString(),
            corpus.toString());

    assertEquals(ExitCodes.OK, run.exitCode(), run::toString);
    assertTrue(run.out().contains("3 files, 6 bytes ->"), run::toString);
    assertTrue(Files.isDirectory(out), run::toString);
  }

  private static void assertRefused(Run run, Path file, String reason) {
    assertEquals(ExitCodes.INPUT_UNREADABLE, run.exitCode(), run::toString);
    assertTrue(run.err().contains(file.toString()), () -> "names the file: " + run);
    assertTrue(run.err().contains(reason), run::toString);
    assertFalse(run.err().contains("\tat "), () -> "no stack trace: " + run);
    assertFalse(run.err().contains("unexpected error"), run::toString);
  }

  private Run minimize(Path crash, String... jvmOptions) throws Exception {
    return whittle(
        List.of(jvmOptions),
        "minimize",
        "--cp",
        TargetPaths.classPath().get(0).toString(),
        "--target",
        BugTarget.class.getName(),
        crash.toString());
  }

  private Run corpus(Path corpus) throws Exception {
    return whittle(
        List.of(),
        "corpus",
        "--cp",
        TargetPaths.classPath().get(0).toString(),
        "--target",
        CorpusTarget.class.getName(),
        "--output",
        dir.resolve("corpus-out").toString(),
        corpus.toString());
  }

  private Run reduce(Path input) throws Exception {
    return whittle(
        List.of(),
        "reduce",
        "--output",
        dir.resolve("reduced").toString(),
        "--test",
        "true",
        input.toString());
  }

  /** A file of {@code length} bytes that takes no space on disk. */
  private static Path sparse(Path file, long length) throws IOException {
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      raf.setLength(length);
    }
    return file;
  }

  /** Runs the command line in a JVM of its own, standard input a pipe that nothing writes to. */
  private Run whittle(List<String> jvmOptions, String... args) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-XX:-OmitStackTraceInFastThrow");
    command.addAll(jvmOptions);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(WhittleCommand.class.getName());
    command.addAll(List.of(args));
    Path out = Files.createTempFile(dir, "out", ".log");
    Path err = Files.createTempFile(dir, "err", ".log");
    Process whittle =
        new ProcessBuilder(command)
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    boolean ended = whittle.waitFor(DEADLINE_SECONDS, TimeUnit.SECONDS);
    if (!ended) {
      whittle.descendants().forEach(ProcessHandle::destroyForcibly);
      whittle.destroyForcibly().waitFor();
    }
    Run run =
        new Run(
            whittle.exitValue(),
            Files.readString(out, UTF_8),
            Files.readString(err, UTF_8),
            String.join(" ", args));
    assertTrue(ended, () -> "did not end within " + DEADLINE_SECONDS + " s: " + run);
    return run;
  }

  private record Run(int exitCode, String out, String err, String command) {
    @Override
    public String toString() {
      return "whittle "
          + command
          + "\nexit "
          + exitCode
          + "\nstdout:\n"
          + out
          + "\nstderr:\n"
          + err;
    }
  }
}
