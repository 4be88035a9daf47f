package dev.whittle.samples.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the benchmark scripts of {@code samples/scripts} for their integration tests. */
final class BenchScripts {
  static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();

  private BenchScripts() {}

  /** What a script printed (standard output and error together) and its exit status. */
  record Run(int exitStatus, String output) {}

  /**
   * Runs {@code script --smoke} with its scratch directory in {@code BENCH_WORK} and this JVM's
   * class path in {@code classPathVariable}; fails if it takes longer than {@code minutes}.
   */
  static Run smoke(Path script, Path work, String classPathVariable, long minutes)
      throws IOException, InterruptedException {
    ProcessBuilder builder =
        new ProcessBuilder("bash", script.toString(), "--smoke")
            .redirectErrorStream(true)
            .redirectOutput(work.resolve("out.txt").toFile());
    builder.environment().put("BENCH_WORK", work.resolve("bench").toString());
    builder.environment().put(classPathVariable, System.getProperty("java.class.path"));
    Process process = builder.start();
    assertTrue(process.waitFor(minutes, TimeUnit.MINUTES), "the smoke run takes minutes at most");
    return new Run(
        process.exitValue(), Files.readString(work.resolve("out.txt"), StandardCharsets.UTF_8));
  }

  /** Asserts that shellcheck finds nothing in {@code scripts}; skips without shellcheck. */
  static void assertShellcheckClean(Path... scripts) throws IOException, InterruptedException {
    Process probe;
    try {
      probe = new ProcessBuilder("shellcheck", "--version").redirectErrorStream(true).start();
    } catch (IOException e) {
      assumeTrue(false, "no shellcheck");
      return;
    }
    probe.getInputStream().readAllBytes();
    assumeTrue(probe.waitFor() == 0, "no shellcheck");
    List<String> command = new ArrayList<>(List.of("shellcheck", "-x"));
    for (Path script : scripts) {
      command.add(script.toString());
    }
    Process check =
        new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true).start();
    String out = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, check.waitFor(), out);
  }
}
