package dev.whittle.samples;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code whittle} launcher next to whittle.jar: it gives the same results as {@code java -jar},
 * makes an application class-data archive on first use and maps it afterwards, and runs all the
 * same when the archive is stale, corrupt or cannot be written. The JVM says which classes came
 * from the application archive in its {@code class+load} log ("shared objects file (top)", where
 * the JDK's own base archive says "shared objects file"), which {@code WHITTLE_JAVA_OPTS} turns on.
 */
class LauncherIT {
  private static final Path TARGET_DIR =
      Path.of("..", "jazzer-integration", "target").toAbsolutePath().normalize();
  private static final Path LAUNCHER = TARGET_DIR.resolve("whittle");
  private static final Path WHITTLE_JAR = TARGET_DIR.resolve("whittle.jar");
  private static final String TARGET = "dev.whittle.samples.ChunkedImageFuzzer";

  @TempDir Path dir;

  @Test
  void firstUseWritesTheArchiveAndTheNextRunMapsItWithTheSameResult() throws Exception {
    Path archives = dir.resolve("archives");
    Path log = dir.resolve("class-load.log");
    byte[] plain = minimizeWith(plainJavaJar(), Map.of());

    byte[] first = minimizeWith(launcher(), environment(archives, null));
    List<Path> written = archives(archives);
    assertEquals(1, written.size(), "one archive for minimize: " + written);
    assertTrue(written.get(0).getFileName().toString().startsWith("whittle-minimize-"));
    byte[] second = minimizeWith(launcher(), environment(archives, log));

    assertArrayEquals(plain, first, "the launcher's result differs from java -jar's");
    assertArrayEquals(plain, second, "the result with the archive differs from java -jar's");
    assertTrue(
        sharedClasses(log) > 300,
        "the second run mapped " + sharedClasses(log) + " classes from the archive");
  }

  @Test
  void aCorruptArchiveIsIgnoredAndTheRunGoesOn() throws Exception {
    Path archives = dir.resolve("archives");
    byte[] plain = minimizeWith(plainJavaJar(), Map.of());
    minimizeWith(launcher(), environment(archives, null));
    Path archive = archives(archives).get(0);
    archive.toFile().setWritable(true);
    Files.write(archive, "not an archive".getBytes(UTF_8));

    Run run = run(versionCommand(), environment(archives, null));
    byte[] again = minimizeWith(launcher(), environment(archives, null));

    assertEquals(0, run.status(), run.output());
    assertEquals(versionLine(), run.output().strip(), "no CDS message reaches the output");
    assertArrayEquals(plain, again);
  }

  @Test
  void anArchiveDirectoryThatCannotBeMadeOnlyCostsTheArchive() throws Exception {
    Path file = Files.writeString(dir.resolve("a-file"), "x");
    Run run = run(versionCommand(), environment(file.resolve("archives"), null));

    assertEquals(0, run.status(), run.output());
    assertEquals(versionLine(), run.output().strip());
  }

  @Test
  void theExitStatusOfAUsageErrorComesThroughOnFirstUse() throws Exception {
    Path archives = dir.resolve("archives");
    List<String> command = new ArrayList<>(launcher());
    command.addAll(List.of("minimize", "--no-such-option"));
    Run run = run(command, environment(archives, null));

    assertEquals(2, run.status(), run.output());
    assertTrue(run.output().startsWith("whittle: "), run.output());
  }

  @Test
  void sigtermOnFirstUseReachesTheJvmAndNothingOutlivesTheLauncher() throws Exception {
    Path input = dir.resolve("page.txt");
    StringBuilder lines = new StringBuilder();
    for (int i = 0; i < 2000; i++) {
      lines.append("line ").append(i).append(i == 1234 ? " BOOM" : "").append('\n');
    }
    Files.writeString(input, lines);
    List<String> command =
        List.of(
            LAUNCHER.toString(),
            "reduce",
            input.toString(),
            "--",
            "sh",
            "-c",
            "sleep 1; grep -q BOOM \"$1\"",
            "sh");
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().remove("WHITTLE_JAVA_OPTS");
    builder.environment().putAll(environment(dir.resolve("archives"), null));
    builder.redirectOutput(dir.resolve("reduce.out").toFile());
    Process launcher = builder.start();
    Thread.sleep(4000);
    List<ProcessHandle> jvms = launcher.descendants().toList();
    assertTrue(launcher.isAlive(), Files.readString(dir.resolve("reduce.out")));

    launcher.destroy();

    assertTrue(launcher.waitFor(60, TimeUnit.SECONDS), "the launcher did not end on SIGTERM");
    for (ProcessHandle jvm : jvms) {
      assertTrue(jvm.onExit().get(20, TimeUnit.SECONDS) != null && !jvm.isAlive(), "left: " + jvm);
    }
    assertTrue(
        Files.exists(dir.resolve("page.txt.reduced")), Files.readString(dir.resolve("reduce.out")));
  }

  @Test
  void onJdk25TheJvmMakesTheArchiveItself() throws Exception {
    Optional<Path> jdk25 = jdk25();
    assumeTrue(jdk25.isPresent(), "no JDK 25 in /usr/lib/jvm/temurin-25*");
    Path archives = dir.resolve("archives");
    Map<String, String> env = new java.util.HashMap<>(environment(archives, null));
    env.put("JAVA_HOME", jdk25.get().toString());
    byte[] first = minimizeWith(launcher(), env);
    Path log = dir.resolve("class-load-25.log");
    env.put("WHITTLE_JAVA_OPTS", "-Xlog:class+load=info:file=" + log);
    byte[] second = minimizeWith(launcher(), env);

    List<Path> written = archives(archives);
    assertEquals(1, written.size(), written.toString());
    assertTrue(written.get(0).getFileName().toString().contains("-jdk25"), written.toString());
    assertArrayEquals(first, second);
    assertTrue(sharedClasses(log) > 300, "mapped " + sharedClasses(log) + " classes");
  }

  private byte[] minimizeWith(List<String> launch, Map<String, String> env) throws Exception {
    Path crashes = Files.createTempDirectory(dir, "crashes");
    Path crash = SampleCrashes.onlyCrashFile("ChunkedImageFuzzer");
    Files.copy(crash, crashes.resolve(crash.getFileName()));
    Path output = crashes.resolve("result");
    List<String> command = new ArrayList<>(launch);
    command.addAll(
        List.of(
            "minimize",
            "--cp",
            Path.of("target", "classes").toAbsolutePath().toString(),
            "--target",
            TARGET,
            "--output",
            output.toString(),
            crashes.resolve(crash.getFileName()).toString()));
    Run run = run(command, env);
    assertEquals(0, run.status(), String.join(" ", command) + "\n" + run.output());
    return Files.readAllBytes(output);
  }

  /** The README's {@code java -jar} command, with the flag the launcher adds by itself. */
  private static List<String> plainJavaJar() {
    return List.of(javaBinary(), "-XX:-OmitStackTraceInFastThrow", "-jar", WHITTLE_JAR.toString());
  }

  private static List<String> launcher() {
    assertTrue(Files.isExecutable(LAUNCHER), "build the launcher first: " + LAUNCHER);
    return List.of(LAUNCHER.toString());
  }

  private static List<String> versionCommand() {
    return List.of(LAUNCHER.toString(), "--version");
  }

  private static String versionLine() throws Exception {
    Run plain = run(List.of(javaBinary(), "-jar", WHITTLE_JAR.toString(), "--version"), Map.of());
    return plain.output().strip();
  }

  private static Map<String, String> environment(Path archives, Path classLoadLog) {
    Map<String, String> env = new java.util.HashMap<>();
    env.put("WHITTLE_CDS_DIR", archives.toString());
    env.put("JAVA_HOME", System.getProperty("java.home"));
    if (classLoadLog != null) {
      env.put("WHITTLE_JAVA_OPTS", "-Xlog:class+load=info:file=" + classLoadLog);
    }
    return env;
  }

  private static List<Path> archives(Path directory) throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      return files.filter(f -> f.toString().endsWith(".jsa")).sorted().toList();
    }
  }

  private static long sharedClasses(Path classLoadLog) throws IOException {
    try (Stream<String> lines = Files.lines(classLoadLog)) {
      return lines.filter(l -> l.contains("shared objects file (top)")).count();
    }
  }

  private static Optional<Path> jdk25() throws IOException {
    Path jvms = Path.of("/usr/lib/jvm");
    if (!Files.isDirectory(jvms)) {
      return Optional.empty();
    }
    try (Stream<Path> all = Files.list(jvms)) {
      return all.filter(p -> p.getFileName().toString().startsWith("temurin-25"))
          .filter(p -> Files.isExecutable(p.resolve("bin").resolve("java")))
          .findFirst();
    }
  }

  private static String javaBinary() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  private record Run(int status, String output) {}

  private static Run run(List<String> command, Map<String, String> env) throws Exception {
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().remove("WHITTLE_JAVA_OPTS");
    builder.environment().putAll(env);
    Process process = builder.start();
    process.getOutputStream().close();
    byte[] output = process.getInputStream().readAllBytes();
    assertTrue(process.waitFor(300, TimeUnit.SECONDS), "still running: " + command);
    return new Run(process.exitValue(), new String(output, UTF_8));
  }
}
