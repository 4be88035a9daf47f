package dev.whittle.samples.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code samples/scripts/junit-corpus-bench.sh}, the JUnit extension's corpus minimization beside
 * Jazzer's merges. Its smoke mode starts seven JVMs (the JUnit run, two Jazzer merges with their
 * children, four JaCoCo judges), minutes on a busy machine: it runs only when asked for, with
 * {@code -Dwhittle.bench.smoke=true}; the shellcheck of the script always runs.
 */
class JUnitCorpusBenchIT {
  private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();
  private static final Path SCRIPT = ROOT.resolve("samples/scripts/junit-corpus-bench.sh");

  @TempDir Path work;

  @Test
  void theSmokeModeMinimizesThroughJUnitAndJaCoCoFindsTheCoverageEqual() throws Exception {
    assumeTrue(Boolean.getBoolean("whittle.bench.smoke"), "-Dwhittle.bench.smoke=true runs it");
    ProcessBuilder builder =
        new ProcessBuilder("bash", SCRIPT.toString(), "--smoke")
            .redirectErrorStream(true)
            .redirectOutput(work.resolve("out.txt").toFile());
    builder.environment().put("BENCH_WORK", work.resolve("bench").toString());
    builder.environment().put("JUNIT_BENCH_CP", System.getProperty("java.class.path"));
    Process process = builder.start();
    assertTrue(process.waitFor(10, TimeUnit.MINUTES), "the smoke run takes minutes at most");
    String out = Files.readString(work.resolve("out.txt"), StandardCharsets.UTF_8);

    assertEquals(0, process.exitValue(), out);
    List<String> rows = Files.readAllLines(work.resolve("bench/results.tsv"));
    assertEquals(4, rows.size(), out);
    for (String row : rows.subList(1, rows.size())) {
      String[] cells = row.split("\t", -1);
      assertEquals("=", cells[6], "JaCoCo equal to the original's: " + row);
      assertEquals("0", cells[7], "the tool's exit status: " + row);
    }
    assertTrue(out.contains("| JUnit whittle.corpus=minimize | 1 |"), out);
    assertTrue(out.contains("Whittle corpus minimization: "), "the extension's report: " + out);
  }

  @Test
  void theScriptIsShellcheckClean() throws IOException, InterruptedException {
    Process probe;
    try {
      probe = new ProcessBuilder("shellcheck", "--version").redirectErrorStream(true).start();
    } catch (IOException e) {
      assumeTrue(false, "no shellcheck");
      return;
    }
    probe.getInputStream().readAllBytes();
    assumeTrue(probe.waitFor() == 0, "no shellcheck");
    Process check =
        new ProcessBuilder("shellcheck", SCRIPT.toString()).redirectErrorStream(true).start();
    String out = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, check.waitFor(), out);
  }
}
