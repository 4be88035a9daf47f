package dev.whittle.samples.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;
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
    return run(script, work, classPathVariable, minutes, "--smoke");
  }

  /**
   * Runs {@code script args...} as {@link #smoke} does: {@code BENCH_WORK} under {@code work}, this
   * JVM's class path in {@code classPathVariable}, at most {@code minutes}.
   */
  static Run run(Path script, Path work, String classPathVariable, long minutes, String... args)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("bash", script.toString()));
    command.addAll(List.of(args));
    Path out = Files.createTempFile(work, "out", ".txt");
    ProcessBuilder builder =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile());
    builder.environment().put("BENCH_WORK", work.resolve("bench").toString());
    builder.environment().put(classPathVariable, System.getProperty("java.class.path"));
    Process process = builder.start();
    if (!process.waitFor(minutes, TimeUnit.MINUTES)) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
      fail(String.join(" ", command) + " takes more than " + minutes + " minutes");
    }
    return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8));
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
