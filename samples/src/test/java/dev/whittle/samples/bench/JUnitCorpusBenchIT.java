package dev.whittle.samples.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code samples/scripts/junit-corpus-bench.sh}, the JUnit extension's corpus minimization beside
 * Jazzer's merges. Its smoke mode starts seven JVMs (the JUnit run, two Jazzer merges with their
 * children, four JaCoCo judges), minutes on a busy machine: it runs only when asked for, with
 * {@code -Dwhittle.bench.smoke=true}; the shellcheck of the script always runs.
 */
class JUnitCorpusBenchIT {
  private static final Path ROOT = BenchScripts.ROOT;
  private static final Path SCRIPT = ROOT.resolve("samples/scripts/junit-corpus-bench.sh");

  @TempDir Path work;

  @Test
  void theSmokeModeMinimizesThroughJUnitAndJaCoCoFindsTheCoverageEqual() throws Exception {
    assumeTrue(Boolean.getBoolean("whittle.bench.smoke"), "-Dwhittle.bench.smoke=true runs it");
    BenchScripts.Run run = BenchScripts.smoke(SCRIPT, work, "JUNIT_BENCH_CP", 10);
    String out = run.output();

    assertEquals(0, run.exitStatus(), out);
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
  void theScriptsAreShellcheckClean() throws IOException, InterruptedException {
    BenchScripts.assertShellcheckClean(SCRIPT, ROOT.resolve("samples/scripts/corpus-scale.sh"));
  }
}
