package dev.whittle.jazzer.hook;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.common.collect.ImmutableList;
import dev.whittle.api.Whittle;
import dev.whittle.jazzer.output.MinimizationOutputs;
import dev.whittle.jazzer.targets.MarkerByteTarget;
import dev.whittle.jazzer.targets.RealJazzer;
import dev.whittle.jazzer.targets.TargetPaths;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The crash hook in the real Jazzer 0.30.0 where libFuzzer does not simply write one crash file in
 * the JVM that found it: with {@code -fork=2}, whose jobs are JVMs of their own with the agent, and
 * with an artifact directory libFuzzer cannot write.
 */
class RealJazzerCrashHookJobsTest {
  private static final Pattern ANNOUNCED = Pattern.compile("Test unit written to (\\S+)");
  private static final Pattern MINIMIZATION =
      Pattern.compile("whittle: (\\S+) \\((\\d+) bytes\\) -> ");
  private static final byte[] MINIMIZED = {'X'};

  @TempDir Path dir;

  /**
   * libFuzzer's fork parent runs no input; each job, a JVM Jazzer relaunches with the same agent,
   * writes and minimizes its own crash files, and the parent, which sees them too at its end, must
   * not minimize them again.
   */
  @Test
  void withForkEachCrashFileIsMinimizedOnceByTheJobThatWroteIt() throws Exception {
    Path work = Files.createDirectories(dir.resolve("work"));
    Path out = Files.createDirectories(work.resolve("out"));
    Path corpus = Files.createDirectories(work.resolve("corpus"));

    String log =
        runJazzer(
            work,
            List.of(
                "--reproducer_path=" + work,
                "-artifact_prefix=" + out + "/",
                "-fork=2",
                "-max_total_time=60",
                corpus.toString()));

    Matcher announced = ANNOUNCED.matcher(log);
    assertTrue(announced.find(), log);
    Path crash = Path.of(announced.group(1));
    List<Path> crashFiles = filesStartingWith(out, "crash-");
    assertTrue(crashFiles.contains(crash), crashFiles + "\n" + log);
    List<String> minimized = minimizations(log);
    assertEquals(1, minimized.stream().filter(crash.toString()::equals).count(), log);
    assertTrue(minimized.size() <= crashFiles.size(), log);
    List<Path> minimizedFiles = filesStartingWith(out, "minimized-");
    assertEquals(List.of(out.resolve("minimized-" + sha1(MINIMIZED))), minimizedFiles, log);
    assertArrayEquals(MINIMIZED, Files.readAllBytes(minimizedFiles.get(0)));
  }

  /**
   * libFuzzer says it wrote the crash file even when it could not; the hook says that it is not
   * there and minimizes the input of Jazzer's reproducer instead, into the fallback directory.
   */
  @Test
  void aCrashFileLibFuzzerCouldNotWriteIsSaidAndItsReproducersInputMinimized() throws Exception {
    Path work = Files.createDirectories(dir.resolve("work"));
    Path out = Files.createDirectories(work.resolve("crashes"));
    Path corpus = Files.createDirectories(work.resolve("corpus"));
    byte[] seed = "junk-X-junk".getBytes(UTF_8);
    Files.write(corpus.resolve("seed"), seed);
    Path crash = out.resolve("crash-" + sha1(seed));

    String log;
    try (ReadOnlyDirectory readOnly = ReadOnlyDirectory.of(out)) {
      assumeTrue(readOnly.holds(), "no way to make a directory read-only for this user");
      log =
          runJazzer(
              work,
              List.of(
                  "--reproducer_path=" + work,
                  "-artifact_prefix=" + out + "/",
                  "-runs=100",
                  corpus.toString()));
    }

    assertTrue(log.contains("Test unit written to " + crash), log);
    assertEquals(List.of(), filesStartingWith(out, ""), log);
    assertTrue(log.contains("whittle: Jazzer announced " + crash + ", but it does not exist"), log);
    assertTrue(log.contains("Crash_" + sha1(seed) + ".java instead"), log);
    Path minimized = work.resolve("minimized-" + sha1(MINIMIZED));
    assertArrayEquals(MINIMIZED, Files.readAllBytes(minimized), log);
    assertTrue(log.contains("written to " + work + " instead"), log);
    assertEquals(List.of(crash.toString()), minimizations(log), log);
  }

  /** Jazzer with the agent on {@link MarkerByteTarget} in {@code work}; its output. */
  private String runJazzer(Path work, List<String> arguments) throws Exception {
    List<String> jazzerArguments = new ArrayList<>(List.of("--custom_hook_excludes=**"));
    jazzerArguments.addAll(arguments);
    List<String> command =
        RealJazzer.command(
            List.of("-javaagent:" + agentJar()),
            List.of(
                TargetPaths.codeSourceOf(WhittleAgent.class),
                TargetPaths.codeSourceOf(Whittle.class),
                TargetPaths.codeSourceOf(ImmutableList.class)),
            MarkerByteTarget.class.getName(),
            jazzerArguments);
    Path logFile = dir.resolve("jazzer-" + System.nanoTime() + ".log");
    int exit = RealJazzer.await(RealJazzer.start(command, work, logFile), Duration.ofSeconds(150));
    String log = Files.readString(logFile, UTF_8);
    assertEquals(77, exit, log);
    return log;
  }

  /** The crash files of the hook's minimization lines, one per line, in order. */
  private static List<String> minimizations(String log) {
    List<String> crashes = new ArrayList<>();
    Matcher line = MINIMIZATION.matcher(log);
    while (line.find()) {
      crashes.add(line.group(1));
    }
    return crashes;
  }

  private static List<Path> filesStartingWith(Path directory, String prefix) throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      return files.filter(f -> f.getFileName().toString().startsWith(prefix)).sorted().toList();
    }
  }

  private static String sha1(byte[] content) {
    return MinimizationOutputs.sha1Hex(content);
  }

  /** A jar holding only a manifest naming the agent, as in {@link RealJazzerCrashHookTest}. */
  private Path agentJar() throws IOException {
    Path jar = dir.resolve("agent.jar");
    if (Files.exists(jar)) {
      return jar;
    }
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    manifest.getMainAttributes().putValue("Premain-Class", WhittleAgent.class.getName());
    try (OutputStream out = Files.newOutputStream(jar);
        JarOutputStream ignored = new JarOutputStream(out, manifest)) {
      // The manifest is all.
    }
    return jar;
  }

  /**
   * A directory no file can be created in while this is open: its write permission taken away, and
   * for root, who writes through any mode, the immutable attribute ({@code chattr +i}) where the
   * file system and the process's capabilities allow it.
   */
  private static final class ReadOnlyDirectory implements AutoCloseable {
    private final Path directory;
    private final boolean immutable;

    private ReadOnlyDirectory(Path directory, boolean immutable) {
      this.directory = directory;
      this.immutable = immutable;
    }

    static ReadOnlyDirectory of(Path directory) {
      directory.toFile().setWritable(false, false);
      boolean immutable = Files.isWritable(directory) && chattr("+i", directory);
      return new ReadOnlyDirectory(directory, immutable);
    }

    /** Whether creating a file in the directory now fails. */
    boolean holds() {
      try {
        Files.delete(Files.createTempFile(directory, "probe", ".tmp"));
        return false;
      } catch (IOException e) {
        return true;
      }
    }

    @Override
    public void close() {
      if (immutable) {
        assertTrue(chattr("-i", directory), "chattr -i " + directory);
      }
      directory.toFile().setWritable(true, false);
      assertTrue(Files.isWritable(directory), directory + " writable again");
    }

    private static boolean chattr(String change, Path directory) {
      try {
        Process chattr =
            new ProcessBuilder("chattr", change, directory.toString())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        return chattr.waitFor() == 0;
      } catch (IOException e) {
        return false; // No chattr here.
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
  }
}
