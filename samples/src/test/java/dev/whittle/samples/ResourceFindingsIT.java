package dev.whittle.samples;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 8's bar for resource findings, end to end: {@code whittle minimize} (whittle.jar), run in a
 * JVM of its own with the heap and stack limits of the sample, minimizes the sample's stack
 * overflow or out-of-memory crash (found by the real Jazzer, see crashes/README.md) and writes a
 * result that reproduces the original's DEDUP_TOKEN in each of 3 fresh JVMs with the same limits;
 * and its {@code Crash_<sha1>.java} compiles and, run in 3 fresh JVMs with those limits (by {@link
 * ReproducerRun}), passes, i.e. still hits the finding. An integration test: it starts a dozen JVMs
 * per sample.
 */
class ResourceFindingsIT {
  /** The fat jar users run, built by the reactor's package phase before this one. */
  private static final Path WHITTLE_JAR =
      Path.of("..", "jazzer-integration", "target", "whittle.jar").toAbsolutePath().normalize();

  private static final String REPLAY = "dev.whittle.jazzer.crash.FreshJvmReplay";

  @TempDir Path dir;

  /**
   * Per sample: Whittle's heap and stack limits, the finding, and the DEDUP_TOKEN Jazzer printed
   * for the crash (no JDK frames in either stack, so one token for every JDK). Jazzer found the
   * stack overflow with -Xss256k; its coverage instrumentation makes the parser's frames about
   * twice as large, so without it the same nesting overflows only below about -Xss150k
   * (crashes/README.md).
   */
  @ParameterizedTest(name = "{0} with {1}")
  @CsvSource({
    "NestedListFuzzer, -Xss144k -Xmx128m, java.lang.StackOverflowError, 40738b0a5805c1a6",
    "TileHeaderFuzzer, -Xss256k -Xmx128m, java.lang.OutOfMemoryError, cb7cf7efcc5cc995",
  })
  void theWrittenResultAndItsReproducerReproduceInThreeFreshJvms(
      String target, String limits, String exception, String jazzersToken) throws Exception {
    List<String> jvmArgs = Arrays.asList(limits.split(" "));
    Path crash = SampleCrashes.onlyCrashFile(target);
    Path copy = Files.copy(crash, dir.resolve(crash.getFileName()));
    Path classes = Path.of("target", "classes").toAbsolutePath();

    assertTrue(Files.isRegularFile(WHITTLE_JAR), "build whittle.jar first: " + WHITTLE_JAR);
    List<String> minimize = new ArrayList<>();
    minimize.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    minimize.add("-XX:-OmitStackTraceInFastThrow");
    minimize.addAll(jvmArgs);
    minimize.addAll(
        List.of(
            "-jar",
            WHITTLE_JAR.toString(),
            "minimize",
            "--cp",
            classes.toString(),
            "--target",
            "dev.whittle.samples." + target,
            "--json",
            copy.toString()));
    Run whittle = run(minimize, 600);
    assertEquals(0, whittle.status(), target + ": whittle minimize\n" + whittle.output());
    // The samples' test class path has no JSON library; the few fields are plain strings.
    String entry = lastLine(whittle.output());
    assertEquals("true", field(entry, "verified"), entry);
    assertEquals("fresh JVM", field(entry, "verifiedBy"), entry);
    // A recursion's overflow must overflow in every run of each JVM, and the summary says so.
    String runsEach = exception.endsWith("StackOverflowError") ? " (3 runs each)" : "";
    assertTrue(
        field(entry, "verification").startsWith("3/3 fresh JVMs" + runsEach + " with -X"), entry);
    assertEquals(exception, field(entry, "exception"), entry);
    String token = field(entry, "dedupToken");
    assertEquals(jazzersToken, token, target + ": the token Jazzer printed");
    Path minimized = Path.of(field(entry, "minimizedFile"));
    assertTrue(
        Long.parseLong(field(entry, "minimizedSize")) < Files.size(crash),
        target + ": smaller than the crash, not backed off all the way: " + entry);
    assertTrue(minimized.getFileName().toString().startsWith("minimized-"), minimized.toString());

    // Independently of Whittle's own check: the written file, in 3 fresh JVMs.
    for (int i = 0; i < 3; i++) {
      List<String> replay = new ArrayList<>(java(jvmArgs));
      replay.addAll(
          List.of(
              REPLAY,
              "dev.whittle.samples." + target,
              classes.toString(),
              minimized.toString(),
              "10000",
              "no-agent"));
      Run fresh = run(replay, 120);
      assertTrue(
          fresh.output().contains("whittle-fresh-jvm:thrown " + token.replaceFirst("^0+", "")),
          target + ": fresh JVM " + (i + 1) + " of 3\n" + fresh.output());
    }

    // The reproducer: compiles against the target and JUnit, and passes in 3 fresh JVMs.
    Path reproducer = Path.of(field(entry, "reproducerFile"));
    Path compiled = Files.createDirectories(dir.resolve("reproducer"));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    int compileStatus =
        javac.run(
            null,
            null,
            null,
            "-d",
            compiled.toString(),
            "-cp",
            System.getProperty("java.class.path") + File.pathSeparator + classes,
            reproducer.toString());
    assertEquals(0, compileStatus, "javac " + reproducer);
    String className = reproducer.getFileName().toString().replace(".java", "");
    for (int i = 0; i < 3; i++) {
      List<String> command = new ArrayList<>(java(jvmArgs, classes.toString()));
      command.addAll(List.of(ReproducerRun.class.getName(), compiled.toString(), className));
      Run run = run(command, 120);
      assertEquals(
          0, run.status(), target + ": reproducer in fresh JVM " + (i + 1) + "\n" + run.output());
    }
  }

  private static List<String> java(List<String> jvmArgs, String... extraClassPath) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-XX:-OmitStackTraceInFastThrow");
    command.addAll(jvmArgs);
    command.add("-cp");
    List<String> classPath = new ArrayList<>(List.of(System.getProperty("java.class.path")));
    classPath.addAll(List.of(extraClassPath));
    command.add(String.join(File.pathSeparator, classPath));
    return command;
  }

  private record Run(int status, String output) {}

  private Run run(List<String> command, int seconds) throws Exception {
    Path log = Files.createTempFile(dir, "run", ".log");
    Process process =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("did not finish in " + seconds + " s: " + command);
    }
    return new Run(process.exitValue(), Files.readString(log, UTF_8));
  }

  /** A string or boolean field of the first crash entry in whittle's --json line. */
  private static String field(String json, String name) {
    Matcher value = Pattern.compile("\"" + name + "\":\"?([^\",]*)").matcher(json);
    assertTrue(value.find(), "no " + name + " in " + json);
    return value.group(1);
  }

  private static String lastLine(String output) {
    String[] lines = output.strip().split("\n");
    for (int i = lines.length - 1; i >= 0; i--) {
      if (lines[i].startsWith("{")) {
        return lines[i];
      }
    }
    throw new AssertionError("no JSON line in:\n" + output);
  }
}
