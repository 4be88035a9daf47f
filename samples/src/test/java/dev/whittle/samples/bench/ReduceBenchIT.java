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
 * {@code samples/scripts/reduce-bench.sh}, the comparison of {@code whittle reduce} with C-Vise, in
 * its smoke mode: one small held-out crash, Whittle only, through the real interestingness test (a
 * fresh JVM per run). Needs no C-Vise and installs none; needs whittle.jar (jazzer-integration is
 * packaged before the samples' integration tests run).
 */
class ReduceBenchIT {
  private static final Path ROOT = BenchScripts.ROOT;
  private static final Path SCRIPT = ROOT.resolve("samples/scripts/reduce-bench.sh");
  private static final Path CRASH =
      ROOT.resolve("samples/held-out/GsonFuzzer/crash-edd71d918d7932aee9b82301a1037c6b38af1b93");

  @TempDir Path work;

  @Test
  void theSmokeModeReducesOneCrashWithWhittleAndChecksTheResult() throws Exception {
    assumeTrue(
        Files.exists(ROOT.resolve("jazzer-integration/target/whittle.jar")), "no whittle.jar");
    byte[] before = Files.readAllBytes(CRASH);
    BenchScripts.Run run = BenchScripts.smoke(SCRIPT, work, "REDUCE_BENCH_CP", 5);
    String out = run.output();

    assertEquals(0, run.exitStatus(), out);
    List<String> rows = Files.readAllLines(work.resolve("bench/results.tsv"));
    assertEquals(2, rows.size(), out);
    String[] row = rows.get(1).split("\t", -1);
    assertEquals("whittle", row[3], out);
    assertTrue(Integer.parseInt(row[4]) < before.length, out);
    assertEquals("ok", row[8], "the result checked once more: " + out);
    assertTrue(out.contains("| `whittle reduce --jobs 2` |"), "the table: " + out);
    assertTrue(out.contains("load average (1 min): "), out);
    assertTrue(
        java.util.Arrays.equals(before, Files.readAllBytes(CRASH)), "the crash is unchanged");
  }

  @Test
  void theScriptsAreShellcheckClean() throws IOException, InterruptedException {
    BenchScripts.assertShellcheckClean(
        SCRIPT, ROOT.resolve("samples/scripts/reduce-bench/interesting.sh"));
  }
}
