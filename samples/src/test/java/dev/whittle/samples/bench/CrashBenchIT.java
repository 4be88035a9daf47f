package dev.whittle.samples.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code samples/scripts/crash-bench.sh}, issue 20's crash-minimization benchmark, in its smoke
 * mode: two small held-out crashes, {@code whittle minimize} and plain ddmin on both, {@code
 * whittle reduce} and its ddmin on one, every result replayed in three fresh JVMs. The table it
 * prints is read here too, not only by the script's own check; that check ({@code --check}, the
 * function the smoke run ends with) is run on tables with one fault each. Needs whittle.jar for the
 * smoke run (jazzer-integration is packaged before the samples' integration tests run).
 */
class CrashBenchIT {
  private static final Path ROOT = BenchScripts.ROOT;
  private static final Path SCRIPT = ROOT.resolve("samples/scripts/crash-bench.sh");
  private static final String GSON =
      "held-out/GsonFuzzer/crash-edd71d918d7932aee9b82301a1037c6b38af1b93";
  private static final String NUMBER =
      "held-out/NumberFuzzer/crash-33f32405731948878d4f54fe7a04064735b5a5d1";
  private static final String HEADER =
      "| crash | orig | Whittle size/runs/wall | ddmin size/runs/wall | Jazzer size/wall"
          + " | reduce size/runs/wall | reduce ddmin size/runs/wall | fresh JVM W/D/J/r/rd | load"
          + " | bar W<=D W<=J T R r<=d |\n|---|---:|---|---|---|---|---|---|---|---|\n";
  private static final String NUMBER_ROW =
      "| "
          + NUMBER
          + " | 3 | 2 / 12 / 1.05 s | 2 / 10 / 0.77 s | - / - | 2 / 12 / 4.74 s"
          + " | 2 / 11 / 4.40 s | 3/3 3/3 - 3/3 3/3 | 3.65 | ok - - ok ok |\n";
  private static final String GSON_ROW =
      "| "
          + GSON
          + " | 65 | 8 / 71 / 1.09 s | 8 / 31 / 1.66 s | - / - | - | - | 3/3 3/3 - - -"
          + " | 4.24 | ok - - ok - |\n";

  /** A smoke run's table as the script prints it. */
  private static final String GOOD = "# crash-bench: test\n\n" + HEADER + NUMBER_ROW + GSON_ROW;

  @TempDir Path work;

  @Test
  void theSmokeModeMinimizesAndReducesAndEveryResultReplaysInThreeFreshJvms() throws Exception {
    assumeTrue(
        Files.exists(ROOT.resolve("jazzer-integration/target/whittle.jar")), "no whittle.jar");
    byte[] gson = Files.readAllBytes(ROOT.resolve("samples").resolve(GSON));
    byte[] number = Files.readAllBytes(ROOT.resolve("samples").resolve(NUMBER));
    BenchScripts.Run run = BenchScripts.smoke(SCRIPT, work, "CRASH_BENCH_CP", 5);
    String out = run.output();

    assertEquals(0, run.exitStatus(), out);
    Map<String, List<String>> rows = rows(Files.readString(work.resolve("bench/results.md")));
    assertEquals(List.of(GSON, NUMBER), rows.keySet().stream().sorted().toList(), out);
    for (List<String> row : rows.values()) {
      int original = Integer.parseInt(row.get(1));
      int whittle = size(row.get(2));
      assertTrue(whittle < original, "Whittle shrinks it: " + row);
      assertTrue(whittle <= size(row.get(3)), "Whittle no larger than ddmin: " + row);
      List<String> replays = List.of(row.get(7).split(" "));
      assertEquals(List.of("3/3", "3/3", "-"), replays.subList(0, 3), "W, D, no Jazzer: " + row);
    }
    List<String> reduced = rows.get(NUMBER);
    assertTrue(size(reduced.get(5)) <= size(reduced.get(6)), "reduce <= its ddmin: " + reduced);
    assertEquals("3/3 3/3 - 3/3 3/3", reduced.get(7), "reduce's results replay too: " + reduced);
    assertEquals("-", rows.get(GSON).get(5), "reduce runs on the Number crash only");
    assertTrue(out.contains("crash-bench check: passed: 2 rows (1 with reduce)"), out);
    assertTrue(out.contains("REPEAT=1, Jazzer: skip"), out);
    assertArrayEquals(gson, Files.readAllBytes(ROOT.resolve("samples").resolve(GSON)));
    assertArrayEquals(number, Files.readAllBytes(ROOT.resolve("samples").resolve(NUMBER)));
  }

  @Test
  void theCheckPassesASmokeRunsTable() throws Exception {
    BenchScripts.Run run = check(GOOD, "2", "1");

    assertEquals(0, run.exitStatus(), run.output());
    assertTrue(run.output().contains("passed: 2 rows (1 with reduce)"), run.output());
  }

  @Test
  void theCheckFailsAResultThatDoesNotReplayThreeTimes() throws Exception {
    assertFails(
        spoil("3/3 3/3 - 3/3 3/3", "3/3 3/3 - 2/3 3/3"),
        NUMBER + ": reduce's result replays 2/3 in fresh JVMs, not 3/3");
    assertFails(
        spoil("3/3 3/3 - - -", "3/3 0/3 - - -"),
        GSON + ": ddmin's result replays 0/3 in fresh JVMs, not 3/3");
    assertFails(
        spoil("3/3 3/3 - - -", "orig? orig? - - -"),
        GSON + ": Whittle's result replays orig? in fresh JVMs, not 3/3");
  }

  @Test
  void theCheckComparesTheSizesItselfNotTheBar() throws Exception {
    // The bar still reads "ok": the check must not take the script's word for it.
    assertFails(
        spoil("| 8 / 71 / 1.09 s |", "| 9 / 71 / 1.09 s |"),
        GSON + ": Whittle (9 B) is larger than ddmin (8 B)");
    assertFails(
        spoil("| 2 / 12 / 4.74 s |", "| 3 / 12 / 4.74 s |"),
        NUMBER + ": reduce (3 B) is larger than reduce's ddmin (2 B)");
    assertFails(
        spoil("| 4.24 | ok - - ok - |", "| 4.24 | NO - - ok - |"),
        GSON + ": the bar Whittle<=ddmin reads 'NO' for 8 B against 8 B");
  }

  @Test
  void theCheckFailsARefusalAMalformedRowAndAMissingRow() throws Exception {
    assertFails(
        spoil("| 8 / 71 / 1.09 s |", "| exit 3: gives a flaky finding / - / 1.09 s |"),
        GSON + ": Whittle has no result: exit 3: gives a flaky finding");
    assertFails(spoil("| 4.24 |", "|"), GSON + ": 9 cells where the header has 10");
    assertFails(spoil("/ 1.66 s |", "/ 1.66 |"), GSON + ": ddmin has no result: 8 / 31 / 1.66");
    assertFails(spoil(GSON_ROW, ""), "the table has 1 rows, not 2");
    assertFails(
        spoil(
            "| 2 / 12 / 4.74 s | 2 / 11 / 4.40 s | 3/3 3/3 - 3/3 3/3 | 3.65 | ok - - ok ok",
            "| - | - | 3/3 3/3 - - - | 3.65 | ok - - ok -"),
        "0 rows have reduce's results, not 1");
    assertFails("# crash-bench: nothing ran\n", "has no table header");
  }

  @Test
  void theScriptsAreShellcheckClean() throws IOException, InterruptedException {
    BenchScripts.assertShellcheckClean(
        SCRIPT, ROOT.resolve("samples/scripts/crash-bench/replay-test.sh"));
  }

  private void assertFails(String table, String fault) throws Exception {
    BenchScripts.Run run = check(table, "2", "1");

    assertEquals(1, run.exitStatus(), run.output());
    assertTrue(run.output().contains(fault), "expected '" + fault + "' in: " + run.output());
    assertTrue(run.output().contains("crash-bench check: FAILED"), run.output());
  }

  /** The smoke table with one fault: {@code good} replaced by {@code bad}, which must occur. */
  private static String spoil(String good, String bad) {
    assertTrue(GOOD.contains(good), "the table has no " + good);
    return GOOD.replace(good, bad);
  }

  /** {@code crash-bench.sh --check TABLE ROWS REDUCED}: no Maven, no jar, no JVM. */
  private BenchScripts.Run check(String table, String rows, String reduced) throws Exception {
    Path file = Files.createTempFile(work, "results", ".md");
    Files.writeString(file, table);
    return BenchScripts.run(
        SCRIPT, work, "CRASH_BENCH_CP", 1, "--check", file.toString(), rows, reduced);
  }

  /** The table's rows by crash, each row's cells trimmed. */
  private static Map<String, List<String>> rows(String table) {
    return table
        .lines()
        .filter(line -> line.startsWith("| ") && !line.startsWith("| crash |"))
        .map(line -> Arrays.stream(line.substring(1).split("\\|")).map(String::trim).toList())
        .collect(Collectors.toMap(cells -> cells.get(0), Function.identity()));
  }

  /** The bytes of a "size / runs / wall" cell. */
  private static int size(String cell) {
    return Integer.parseInt(cell.substring(0, cell.indexOf(" / ")));
  }
}
