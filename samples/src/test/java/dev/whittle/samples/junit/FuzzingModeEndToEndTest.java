package dev.whittle.samples.junit;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JUnit extension in Jazzer's fuzzing mode: a real, short fuzzing session ({@code
 * JAZZER_FUZZ=1}) in a JVM of its own finds a crash in {@link KeywordFuzzSample} and writes {@code
 * crash-<sha1>}; before the test reports, Whittle shrinks it in that JVM and writes {@code
 * minimized-<sha1>} beside it. Jazzer's base directory is a temporary one with a {@code
 * src/test/resources}, so the crash and the corpus never land in the repository.
 */
@Tag("jazzer-junit")
class FuzzingModeEndToEndTest {
  @TempDir Path base;

  @Test
  void aCrashFoundByFuzzingIsShrunkWrittenAndReportedBeforeTheTestFails() throws Exception {
    Path crashes =
        Files.createDirectories(
            base.resolve(
                Path.of(
                    "src",
                    "test",
                    "resources",
                    "dev",
                    "whittle",
                    "samples",
                    "junit",
                    "KeywordFuzzSampleInputs",
                    "search")));

    String output = fuzz(KeywordFuzzSample.class.getName());

    List<Path> crash = filesStartingWith(crashes, "crash-");
    List<Path> minimized = filesStartingWith(crashes, "minimized-");
    assertEquals(1, crash.size(), output);
    assertEquals(1, minimized.size(), output);
    byte[] shrunk = Files.readAllBytes(minimized.get(0));
    assertEquals("whittle", new String(shrunk, UTF_8), "the reserved word and nothing else");
    assertTrue(Files.size(crash.get(0)) > shrunk.length, output);
    int failure = output.indexOf(FuzzingModeMain.BEGIN);
    assertTrue(failure >= 0, output);
    String report = output.substring(failure);
    assertTrue(report.contains("Fuzzing..."), report);
    assertTrue(report.contains("Shrunk Sample (7 bytes"), report);
    assertTrue(report.contains(minimized.get(0).toString()), report);
  }

  /**
   * With {@code whittle.corpus=minimize}, the corpus the fuzzing session grew is minimized in the
   * same JVM once the test's invocations are over: the seed and Jazzer's generated corpus, into the
   * output directory, with every feature kept and the generated corpus left as it was.
   */
  @Test
  void theCorpusAFuzzingSessionGrewIsMinimizedInTheSameJvmAfterIt() throws Exception {
    Files.createDirectories(base.resolve(Path.of("src", "test", "resources")));
    Path out = base.resolve("corpus-out");

    String output =
        fuzz(
            KeywordFuzzSample.class.getName(),
            "-Dwhittle.corpus=minimize",
            "-Dwhittle.corpus.output=" + out);

    Path generated =
        base.resolve(".cifuzz-corpus").resolve(KeywordFuzzSample.class.getName()).resolve("search");
    Path minimized = out.resolve(KeywordFuzzSample.class.getName()).resolve("search");
    assertTrue(Files.isDirectory(generated), output);
    List<Path> kept = filesStartingWith(minimized, "");
    assertTrue(!kept.isEmpty(), output);
    assertTrue(kept.size() <= filesStartingWith(generated, "").size() + 1, output);
    int summary =
        output.indexOf("Whittle corpus minimization: " + KeywordFuzzSample.class.getName());
    assertTrue(summary >= 0, output);
    assertTrue(output.indexOf("(0 missing", summary) > summary, output);
  }

  private String fuzz(String testClass, String... options)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-XX:-OmitStackTraceInFastThrow");
    command.addAll(List.of(options));
    command.add("-DJAZZER_FUZZ=1");
    command.add("-Djazzer.internal.basedir=" + base);
    command.add("-cp");
    // Absolute: the child runs in the temporary base directory.
    command.add(
        Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
            .map(entry -> Path.of(entry).toAbsolutePath().toString())
            .collect(Collectors.joining(File.pathSeparator)));
    command.add(FuzzingModeMain.class.getName());
    command.add(testClass);
    Path log = base.resolve("fuzzing.log");
    Process process =
        new ProcessBuilder(command)
            .directory(base.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    if (!process.waitFor(300, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("fuzzing did not end in time:\n" + Files.readString(log));
    }
    return Files.readString(log);
  }

  private static List<Path> filesStartingWith(Path directory, String prefix) throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      return files.filter(f -> f.getFileName().toString().startsWith(prefix)).toList();
    }
  }
}
