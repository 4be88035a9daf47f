package dev.whittle.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.whittle.cli.InProcessWhittle.Execution;
import dev.whittle.jazzer.output.OutputLock;
import dev.whittle.jazzer.passes.BytePass;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReduceCommandTest {
  private static final String PAGE = "<html><body>hi <SELECT name=x size=2> there</body></html>\n";
  private static final String SELECT_PATTERN = "<SELECT[^>]*>";

  @TempDir Path dir;

  @Test
  void reducesToTheSmallestInterestingFileWithTheDefaultOutputName() throws IOException {
    Path input = write("page.html", PAGE);

    Execution run = reduceSelect(input);

    assertEquals(0, run.exitCode(), run::toString);
    assertEquals("<SELECT>", read(dir.resolve("page.html.reduced")));
    assertTrue(
        run.out().contains("from " + PAGE.length() + " to 8 bytes"), "summary with sizes: " + run);
    assertTrue(run.out().contains("page.html.reduced"), "summary names the output: " + run);
  }

  @Test
  void neverModifiesTheInput() throws IOException {
    Path input = write("page.html", PAGE);
    FileTime longAgo = FileTime.from(Instant.parse("2020-01-02T03:04:05Z"));
    Files.setLastModifiedTime(input, longAgo);

    Execution run = reduceSelect(input);

    assertEquals(0, run.exitCode(), run::toString);
    assertArrayEquals(PAGE.getBytes(UTF_8), Files.readAllBytes(input));
    assertEquals(longAgo, Files.getLastModifiedTime(input));
  }

  @Test
  void leavesOnlyTheInputAndTheResultInTheDirectory() throws IOException {
    Path input = write("page.html", PAGE);

    Execution run = reduceSelect(input);

    assertEquals(0, run.exitCode(), run::toString);
    assertEquals(List.of("page.html", "page.html.reduced"), fileNames(dir));
  }

  @Test
  void writesToTheOutputOptionInstead() throws IOException {
    Path input = write("page.html", PAGE);
    Path output = dir.resolve("small.html");

    Execution run =
        InProcessWhittle.execute(
            "reduce",
            "--algorithm",
            "one-by-one",
            "--output",
            output.toString(),
            "--test",
            "grep",
            "-q",
            SELECT_PATTERN,
            input.toString());

    assertEquals(0, run.exitCode(), run::toString);
    assertEquals("<SELECT>", read(output));
    assertFalse(Files.exists(dir.resolve("page.html.reduced")));
  }

  @Test
  void refusesAnOutputThatIsTheInput() throws IOException {
    Path input = write("page.html", PAGE);

    Execution run =
        InProcessWhittle.execute(
            "reduce",
            "--algorithm",
            "one-by-one",
            "--output",
            dir.resolve(".").resolve("page.html").toString(),
            "--test",
            "grep",
            "-q",
            SELECT_PATTERN,
            input.toString());

    assertEquals(ExitCodes.USAGE, run.exitCode(), run::toString);
    assertTrue(run.err().contains("--output must differ from INPUT"), run::toString);
    assertEquals(PAGE, read(input));
  }

  @Test
  void refusesAnOutputThatIsALinkToTheInput() throws IOException {
    Path input = write("page.html", PAGE);
    Path link = Files.createSymbolicLink(dir.resolve("link.html"), input);

    Execution run =
        InProcessWhittle.execute(
            "reduce", "--output", link.toString(), "--test", "true", input.toString());

    assertEquals(ExitCodes.USAGE, run.exitCode(), run::toString);
    assertTrue(run.err().contains("--output must differ from INPUT"), run::toString);
    assertEquals(PAGE, read(input));
  }

  @Test
  void printsOneJsonObjectWithTheResultsFigures() throws IOException {
    Path input = write("page.html", PAGE);

    Execution run =
        InProcessWhittle.execute(
            "reduce",
            "--json",
            "--algorithm",
            "one-by-one",
            "--format",
            "bytes",
            "--test",
            "grep",
            "-q",
            SELECT_PATTERN,
            input.toString());

    assertEquals(0, run.exitCode(), run::toString);
    JsonObject json = JsonParser.parseString(run.out()).getAsJsonObject();
    assertAll(
        () -> assertEquals(input.toString(), json.get("input").getAsString()),
        () -> assertEquals(input + ".reduced", json.get("output").getAsString()),
        () -> assertEquals("one-by-one", json.get("algorithm").getAsString()),
        () -> assertEquals("bytes", json.get("granularity").getAsString()),
        () -> assertEquals(PAGE.length(), json.get("originalSize").getAsInt()),
        () -> assertEquals(8, json.get("reducedSize").getAsInt()),
        () -> assertTrue(json.get("runs").getAsLong() > PAGE.length()),
        () -> assertTrue(json.get("cacheHits").getAsLong() >= 0),
        () -> assertEquals(0, json.get("unresolved").getAsLong()),
        () -> assertTrue(json.get("milliseconds").getAsLong() >= 0),
        () -> assertTrue(json.get("oneMinimal").getAsBoolean()),
        () -> assertEquals("COMPLETED", json.get("stopReason").getAsString()));
    JsonArray trajectory = json.getAsJsonArray("trajectory");
    JsonObject first = trajectory.get(0).getAsJsonObject();
    JsonObject last = trajectory.get(trajectory.size() - 1).getAsJsonObject();
    assertEquals(1, first.get("runs").getAsLong(), "the original is the first step");
    assertEquals(PAGE.length(), first.get("size").getAsInt());
    assertEquals(8, last.get("size").getAsInt());
    for (int i = 1; i < trajectory.size(); i++) {
      JsonObject step = trajectory.get(i).getAsJsonObject();
      JsonObject before = trajectory.get(i - 1).getAsJsonObject();
      assertTrue(step.get("size").getAsInt() < before.get("size").getAsInt(), step.toString());
      assertTrue(step.get("runs").getAsLong() > before.get("runs").getAsLong(), step.toString());
    }
  }

  @Test
  void drawsTheTrajectoryIntoThePlotFile() throws IOException {
    Path input = write("page.html", PAGE);
    Path plot = dir.resolve("trajectory.svg");

    Execution run =
        InProcessWhittle.execute(
            "reduce",
            "--plot",
            plot.toString(),
            "--test",
            "grep",
            "-q",
            SELECT_PATTERN,
            input.toString());

    assertEquals(0, run.exitCode(), run::toString);
    String svg = Files.readString(plot);
    assertTrue(svg.startsWith("<svg"), svg);
    assertEquals(
        2, svg.split("<polyline", -1).length - 1, "a curve against runs and one against time");
    assertTrue(svg.contains("whittle reduce page.html"), svg);
  }

  @Test
  void takesTheTestCommandAfterDoubleDashToo() throws IOException {
    Path input = write("page.html", PAGE);

    Execution run =
        InProcessWhittle.execute(
            "reduce",
            "--algorithm",
            "one-by-one",
            input.toString(),
            "--",
            "grep",
            "-q",
            "--regexp",
            SELECT_PATTERN);

    assertEquals(0, run.exitCode(), run::toString);
    assertEquals("<SELECT>", read(dir.resolve("page.html.reduced")));
  }

  @Test
  void takesInputAfterOptionsThatFollowTheTestCommand() throws IOException {
    Path input = write("page.html", PAGE);

    Execution run =
        InProcessWhittle.execute(
            "reduce",
            "--test",
            "grep",
            "-q",
            SELECT_PATTERN,
            "--algorithm",
            "one-by-one",
            input.toString());

    assertEquals(0, run.exitCode(), run::toString);
    assertEquals("<SELECT>", read(dir.resolve("page.html.reduced")));
  }

  @Test
  void keepsLineTerminatorsAtLineGranularity() throws IOException {
    Path input = write("lines.txt", "one\ntwo KEEP\nthree\nfour KEEP too\n");

    Execution run =
        InProcessWhittle.execute(
            "reduce",
            "--granularity",
            "lines",
            "--algorithm",
            "one-by-one",
            "--test",
            "grep",
            "-q",
            "KEEP too",
            input.toString());

    assertEquals(0, run.exitCode(), run::toString);
    assertEquals("four KEEP too\n", read(dir.resolve("lines.txt.reduced")));
    assertTrue(run.out().contains("from 4 to 1 lines"), run::toString);
  }

  @Test
  void decodesAndReencodesUtf8AtCharGranularity() throws IOException {
    Path input = write("text.txt", "aaa grüße bbb");

    Execution run =
        InProcessWhittle.execute(
            "reduce",
            "--granularity",
            "chars",
            "--algorithm",
            "one-by-one",
            "--test",
            "grep",
            "-q",
            "üß",
            input.toString());

    assertEquals(0, run.exitCode(), run::toString);
    assertArrayEquals("üß".getBytes(UTF_8), Files.readAllBytes(dir.resolve("text.txt.reduced")));
  }

  @Test
  void refusesInvalidUtf8AtCharGranularityAndSuggestsBytes() throws IOException {
    Path input = dir.resolve("binary.bin");
    Files.write(input, new byte[] {'a', (byte) 0xff, 'b'});

    Execution run =
        InProcessWhittle.execute(
            "reduce", "--granularity", "chars", "--test", "true", "--", input.toString());

    assertEquals(ExitCodes.INPUT_UNREADABLE, run.exitCode(), run::toString);
    assertTrue(run.err().contains("not valid UTF-8"), run::toString);
    assertTrue(run.err().contains("offset 1"), run::toString);
    assertTrue(run.err().contains("--granularity bytes"), run::toString);
  }

  @Test
  void reportsAMissingInputFileByName() {
    Path missing = dir.resolve("no-such-file.html");

    Execution run = reduceSelect(missing);

    assertEquals(ExitCodes.INPUT_UNREADABLE, run.exitCode(), run::toString);
    assertTrue(run.err().contains("input file not found: " + missing), run::toString);
  }

  @Test
  void reportsATestCommandThatCannotBeStartedAndWritesNothing() throws IOException {
    Path input = write("page.html", PAGE);

    Execution run =
        InProcessWhittle.execute(
            "reduce",
            "--algorithm",
            "one-by-one",
            "--test",
            "whittle-no-such-command",
            "-q",
            input.toString());

    assertEquals(ExitCodes.TEST_NOT_STARTABLE, run.exitCode(), run::toString);
    assertTrue(
        run.err().contains("cannot start the test command 'whittle-no-such-command'"),
        run::toString);
    assertEquals(List.of("page.html"), fileNames(dir));
  }

  @Test
  void stopsWhenTheOriginalIsNotInterestingAndWritesNothing() throws IOException {
    Path input = write("page.html", "<html>no select here</html>");

    Execution run = reduceSelect(input);

    assertEquals(ExitCodes.ORIGINAL_NOT_INTERESTING, run.exitCode(), run::toString);
    assertTrue(
        run.err().contains("original input " + input + " is not interesting"), run::toString);
    assertTrue(run.err().contains("exited with status 1"), run::toString);
    assertEquals(List.of("page.html"), fileNames(dir));
  }

  @Test
  void rejectsAnUnknownAlgorithmListingTheKnownOnes() throws IOException {
    Path input = write("page.html", PAGE);

    Execution run =
        InProcessWhittle.execute(
            "reduce", "--algorithm", "quicksort", "--test", "true", "--", input.toString());

    assertEquals(ExitCodes.USAGE, run.exitCode(), run::toString);
    assertTrue(run.err().contains("unknown algorithm 'quicksort'"), run::toString);
    assertTrue(run.err().contains("one-by-one"), run::toString);
    assertTrue(run.err().contains("ddmin"), run::toString);
  }

  @Test
  void severalJobsReduceToTheSameResultAndLeaveNothingBehind() throws IOException {
    Path input = write("page.html", PAGE);

    Execution run =
        InProcessWhittle.execute(
            "reduce", "--jobs", "3", "--test", "grep", "-q", SELECT_PATTERN, input.toString());

    assertEquals(0, run.exitCode(), run::toString);
    assertEquals("<SELECT>", read(dir.resolve("page.html.reduced")));
    assertEquals(List.of("page.html", "page.html.reduced"), fileNames(dir));
  }

  @Test
  void rejectsJobsBelowOneNamingTheValue() throws IOException {
    Path input = write("page.html", PAGE);

    Execution run =
        InProcessWhittle.execute("reduce", "--jobs", "0", "--test", "true", input.toString());

    assertEquals(ExitCodes.USAGE, run.exitCode(), run::toString);
    assertTrue(run.err().contains("'0' is not a whole number of at least 1"), run::toString);
  }

  @Test
  void rejectsAMissingTestCommand() throws IOException {
    Path input = write("page.html", PAGE);

    Execution run = InProcessWhittle.execute("reduce", input.toString());

    assertEquals(ExitCodes.USAGE, run.exitCode(), run::toString);
    assertTrue(run.err().contains("missing test command"), run::toString);
  }

  @Test
  void rejectsABadTimeout() throws IOException {
    Path input = write("page.html", PAGE);

    Execution run =
        InProcessWhittle.execute("reduce", "--timeout", "soon", "--test", "true", input.toString());

    assertEquals(ExitCodes.USAGE, run.exitCode(), run::toString);
    assertTrue(run.err().contains("cannot read 'soon' as a duration"), run::toString);
  }

  @Test
  void countsATestRunPastTheTimeoutAsNotInteresting() throws Exception {
    // Interesting means "contains A", but a candidate without B makes the test hang; with the
    // timeout those candidates are not interesting, so B must stay. Each hanging run starts a
    // long sleep in the background and notes its process id. The timeout leaves a loaded machine
    // time for the runs that do not hang: one of them timing out would keep a z.
    Path input = write("ab.txt", "xAyBz");
    Path sleepers = Files.createTempFile("sleepers", ".pids");
    String script =
        "grep -q B \"$1\" || { sleep 600 & echo $! >> \"$0\"; wait; }; grep -q A \"$1\"";

    Execution run;
    try {
      run =
          InProcessWhittle.execute(
              "reduce",
              "--algorithm",
              "one-by-one",
              "--timeout",
              "2s",
              "--test",
              "sh",
              "-c",
              script,
              sleepers.toString(),
              input.toString());

      assertEquals(0, run.exitCode(), run::toString);
      assertEquals("AB", read(dir.resolve("ab.txt.reduced")));
      // The hanging runs were killed with their children, not waited for nor left running: a
      // sleep of 10 minutes has ended only if it was killed.
      List<Long> pids = Files.readAllLines(sleepers).stream().map(Long::parseLong).toList();
      assertFalse(pids.isEmpty(), "no candidate without B was tried");
      for (long pid : pids) {
        assertTrue(hasEnded(pid), "the sleep of a timed-out run is still running: " + pid);
      }
    } finally {
      Files.delete(sleepers);
    }
  }

  /**
   * Whether process {@code pid}, not a child of this JVM, has ended, allowing the kernel a moment
   * to finish the kill. A zombie has ended: in a container nobody may reap an orphan.
   */
  private static boolean hasEnded(long pid) throws InterruptedException {
    for (int attempt = 0; attempt < 100; attempt++) {
      Path stat = Path.of("/proc", Long.toString(pid), "stat");
      try {
        String line = Files.readString(stat);
        char state = line.charAt(line.lastIndexOf(')') + 2);
        if (state == 'Z' || state == 'X') {
          return true;
        }
      } catch (IOException e) {
        return true; // No such process any more.
      }
      Thread.sleep(50);
    }
    return false;
  }

  @Test
  void keepsTheBestResultSoFarWhenTheBudgetRunsOut() throws IOException {
    Path input = write("page.html", PAGE);

    Execution run =
        InProcessWhittle.execute(
            "reduce",
            "--json",
            "--algorithm",
            "one-by-one",
            "--format",
            "bytes",
            "--max-runs",
            "5",
            "--test",
            "grep",
            "-q",
            SELECT_PATTERN,
            input.toString());

    assertEquals(0, run.exitCode(), run::toString);
    JsonObject json = JsonParser.parseString(run.out()).getAsJsonObject();
    assertEquals("MAX_RUNS", json.get("stopReason").getAsString());
    assertEquals(5, json.get("runs").getAsLong());
    String reduced = read(dir.resolve("page.html.reduced"));
    assertTrue(reduced.length() < PAGE.length(), reduced);
    assertTrue(reduced.contains("<SELECT name=x size=2>"), reduced);
  }

  @Test
  void explainsBothFormsInTheHelp() {
    Execution run = InProcessWhittle.execute("reduce", "--help");

    assertEquals(0, run.exitCode(), run::toString);
    assertTrue(
        run.out().contains("whittle reduce --test CMD [ARG...] [OPTIONS] INPUT"), run::toString);
    assertTrue(run.out().contains("whittle reduce [OPTIONS] INPUT -- CMD [ARG...]"), run::toString);
  }

  @Test
  void printsTheVersion() {
    Execution run = InProcessWhittle.execute("--version");

    assertEquals(0, run.exitCode(), run::toString);
    assertTrue(run.out().matches("whittle \\d+\\.\\d+\\.\\d+.*\\R"), run::toString);
  }

  /**
   * The test: X is there, and BEGIN and END come both or not at all. Deleting bytes cannot take off
   * the pair, which is not contiguous; keeping only the line with X does.
   */
  private static final String PAIRED =
      "grep -q X \"$1\" && { grep -q BEGIN \"$1\" && grep -q END \"$1\""
          + " || ! grep -q -e BEGIN -e END \"$1\"; }";

  @Test
  void withoutPassesOnlyBytesAreDeleted() throws IOException {
    Path input = write("pair.txt", "BEGIN\nX\nEND\n");

    Execution run =
        InProcessWhittle.execute(
            "reduce", "--format", "bytes", input.toString(), "--", "sh", "-c", PAIRED, "sh");

    assertEquals(0, run.exitCode(), run::toString);
    assertEquals("BEGINXEND", read(dir.resolve("pair.txt.reduced")));
  }

  @Test
  void theDefaultTreePassesTakeOffWhatOnlyGoesTogetherToo() throws IOException {
    // The lines' tree level without the one-byte X (left to the byte sweep) is BEGIN, END: one
    // deletion of both.
    Path input = write("pair.txt", "BEGIN\nX\nEND\n");

    Execution run =
        InProcessWhittle.execute("reduce", input.toString(), "--", "sh", "-c", PAIRED, "sh");

    assertEquals(0, run.exitCode(), run::toString);
    assertEquals("X", read(dir.resolve("pair.txt.reduced")));
  }

  @Test
  void aLineRunPassTakesOffWhatOnlyGoesTogether() throws IOException {
    Path input = write("pair.txt", "BEGIN\nX\nEND\n");

    Execution run =
        InProcessWhittle.execute(
            "reduce", "--passes", "line-runs", input.toString(), "--", "sh", "-c", PAIRED, "sh");

    assertEquals(0, run.exitCode(), run::toString);
    assertEquals("X", read(dir.resolve("pair.txt.reduced")));
  }

  @Test
  void passesNeedBytesAndKnownNames() throws IOException {
    Path input = write("pair.txt", "BEGIN\nX\nEND\n");

    Execution lines =
        InProcessWhittle.execute(
            "reduce",
            "--passes",
            "all",
            "--granularity",
            "lines",
            "--test",
            "true",
            input.toString());
    Execution unknown =
        InProcessWhittle.execute(
            "reduce", "--passes", "line-runs,bits", "--test", "true", input.toString());

    assertEquals(ExitCodes.USAGE, lines.exitCode(), lines::toString);
    assertTrue(lines.err().contains("need --granularity bytes"), lines::toString);
    assertEquals(ExitCodes.USAGE, unknown.exitCode(), unknown::toString);
    String known = String.join(", ", BytePass.names()).replace(", all", ", or all");
    assertTrue(
        unknown.err().contains("unknown pass 'bits'") && unknown.err().contains("known: " + known),
        unknown::toString);
    assertFalse(Files.exists(dir.resolve("pair.txt.reduced")));
  }

  @Test
  void writesTheResultWithThePermissionsOfAPlainWrite() throws IOException {
    Path input = write("page.html", PAGE);
    Path plain = write("plain.html", PAGE);

    Execution run = reduceSelect(input);

    assertEquals(0, run.exitCode(), run::toString);
    assertEquals(
        PosixFilePermissions.toString(Files.getPosixFilePermissions(plain)),
        PosixFilePermissions.toString(
            Files.getPosixFilePermissions(dir.resolve("page.html.reduced"))));
  }

  @Test
  void leavesNoProcessOfATestRunBehind() throws Exception {
    Path input = write("page.html", PAGE);
    Path pids = dir.resolve("pids");
    String leaving =
        "( sleep 300 ) & echo $! >> \"$0\"; setsid sleep 301 & echo $! >> \"$0\";"
            + " grep -q SELECT \"$1\"";

    Execution run =
        InProcessWhittle.execute(
            "reduce",
            "--max-runs",
            "4",
            input.toString(),
            "--",
            "sh",
            "-c",
            leaving,
            pids.toString());

    assertEquals(0, run.exitCode(), run::toString);
    List<Long> left = Files.readAllLines(pids).stream().map(Long::parseLong).toList();
    assertTrue(left.size() >= 8, left::toString);
    for (long pid : left) {
      assertTrue(hasEnded(pid), "a process of a test run is still running: " + pid);
    }
  }

  @Test
  void capsJobsAtTheProcessorsAndSaysSo() throws IOException {
    // Each run leaves a file named by its process id in a directory while it runs: the files a
    // run sees as it starts are the runs going on at once.
    Path input = write("page.html", PAGE);
    Path running = Files.createDirectory(dir.resolve("running"));
    Path seen = dir.resolve("seen.log");
    String script =
        "touch \"$0/$$\"; ls \"$0\" | wc -l >> \"$1\"; grep -q '"
            + SELECT_PATTERN
            + "' \"$2\"; status=$?; rm \"$0/$$\"; exit $status";
    int processors = Runtime.getRuntime().availableProcessors();

    Execution run =
        InProcessWhittle.execute(
            "reduce",
            "--jobs",
            "1000",
            "--format",
            "bytes",
            input.toString(),
            "--",
            "sh",
            "-c",
            script,
            running.toString(),
            seen.toString());

    assertEquals(0, run.exitCode(), run::toString);
    assertEquals("<SELECT>", read(dir.resolve("page.html.reduced")));
    assertTrue(run.err().contains("--jobs 1000 is more than the " + processors), run::toString);
    int atOnce =
        Files.readAllLines(seen).stream()
            .mapToInt(line -> Integer.parseInt(line.trim()))
            .max()
            .orElseThrow();
    assertTrue(atOnce <= processors, atOnce + " runs at once on " + processors + " processors");
  }

  @Test
  void saysWhenTheLastWordTakenAsInputIsNotAFile() throws IOException {
    write("page.html", PAGE);

    Execution run = InProcessWhittle.execute("reduce", "--test", "grep", "-q", "SELECT");

    assertEquals(ExitCodes.INPUT_UNREADABLE, run.exitCode(), run::toString);
    assertTrue(run.err().contains("input file not found: SELECT"), run::toString);
    assertTrue(run.err().contains("no INPUT was given"), run::toString);
    assertTrue(
        run.err().contains("whittle reduce --test CMD [ARG...] [OPTIONS] INPUT"), run::toString);
    assertTrue(run.err().contains("whittle reduce [OPTIONS] INPUT -- CMD [ARG...]"), run::toString);
  }

  @Test
  void saysWhenTheTestCommandDeletesItsDirectoryAndKeepsTheBestResult() throws IOException {
    // Interesting while SELECT is there; a candidate under 40 bytes makes the command delete the
    // directory its candidate file is in.
    Path input = write("page.html", PAGE);
    String deleting =
        "grep -q SELECT \"$1\" || exit 1; [ $(wc -c < \"$1\") -ge 40 ]"
            + " || rm -rf \"$(dirname \"$1\")\"";

    Execution run =
        InProcessWhittle.execute(
            "reduce", "--format", "bytes", input.toString(), "--", "sh", "-c", deleting, "sh");

    assertEquals(ExitCodes.FAILURE, run.exitCode(), run::toString);
    assertTrue(run.err().contains("deleted or replaced"), run::toString);
    assertFalse(run.err().contains("oracle is closed"), run::toString);
    String kept = read(dir.resolve("page.html.reduced"));
    assertTrue(kept.length() < PAGE.length() && kept.contains("SELECT"), kept);
    assertTrue(run.err().contains("page.html.reduced"), run::toString);
  }

  @Test
  void refusesAnOutputAnotherRunIsWriting() throws Exception {
    // The first run's test command waits for a go file, so the second one starts while the first
    // holds the output; the second must neither run nor write.
    Path input = write("page.html", PAGE);
    Path output = dir.resolve("out.html");
    Path started = dir.resolve("started");
    Path go = dir.resolve("go");
    String waiting =
        "touch \"$0\"; while [ ! -e \"$1\" ]; do sleep 0.05; done; grep -q '"
            + SELECT_PATTERN
            + "' \"$2\"";
    ExecutorService executor = Executors.newSingleThreadExecutor();
    try {
      Future<Execution> first =
          executor.submit(
              () ->
                  InProcessWhittle.execute(
                      "reduce",
                      "--output",
                      output.toString(),
                      input.toString(),
                      "--",
                      "sh",
                      "-c",
                      waiting,
                      started.toString(),
                      go.toString()));
      while (!Files.exists(started)) {
        // A first run that ended without its test command would otherwise leave this waiting.
        assertFalse(first.isDone(), () -> "the first run ended early: " + joined(first));
        Thread.sleep(20);
      }

      Execution second =
          InProcessWhittle.execute(
              "reduce",
              "--output",
              output.toString(),
              "--max-runs",
              "3",
              "--test",
              "true",
              input.toString());
      Files.createFile(go);
      Execution firstRun = first.get(2, TimeUnit.MINUTES);

      assertEquals(ExitCodes.USAGE, second.exitCode(), second::toString);
      assertTrue(second.err().contains("another whittle run"), second::toString);
      assertTrue(second.err().contains(output.toString()), second::toString);
      assertEquals(0, firstRun.exitCode(), firstRun::toString);
      assertEquals("<SELECT>", read(output));
    } finally {
      Files.deleteIfExists(go);
      executor.shutdownNow();
    }
  }

  @Test
  void refusesAnOutputARunInAnotherProcessIsWriting() throws Exception {
    // As two runs from two shells: the lock is the operating system's, not this JVM's.
    Path input = write("page.html", PAGE);
    Path output = dir.resolve("out.html");
    Path started = dir.resolve("started");
    Path go = dir.resolve("go");
    String waiting =
        "touch \"$0\"; while [ ! -e \"$1\" ]; do sleep 0.05; done; grep -q SELECT \"$2\"";
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process first =
        new ProcessBuilder(
                java.toString(),
                "-cp",
                System.getProperty("java.class.path"),
                WhittleCommand.class.getName(),
                "reduce",
                "--output",
                output.toString(),
                input.toString(),
                "--",
                "sh",
                "-c",
                waiting,
                started.toString(),
                go.toString())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("first.log").toFile())
            .start();
    try {
      while (!Files.exists(started)) {
        assertTrue(first.isAlive(), () -> "the first run ended: " + readQuietly("first.log"));
        Thread.sleep(20);
      }

      Execution second =
          InProcessWhittle.execute(
              "reduce", "--output", output.toString(), "--test", "true", input.toString());
      Files.createFile(go);

      assertEquals(ExitCodes.USAGE, second.exitCode(), second::toString);
      assertTrue(second.err().contains("(process " + first.pid() + ")"), second::toString);
      assertTrue(first.waitFor(2, TimeUnit.MINUTES), "the first run did not end");
      assertEquals(0, first.exitValue(), () -> readQuietly("first.log"));
      assertEquals("SELECT", read(output));
    } finally {
      first.destroyForcibly();
    }
  }

  @Test
  void aLockLeftByAKilledRunDoesNotBlock() throws IOException {
    Path input = write("page.html", PAGE);
    Path lockFile = OutputLock.lockFile(dir.resolve("page.html.reduced"));
    Files.createDirectories(lockFile.getParent());
    Files.writeString(lockFile, "12345\n");

    Execution run = reduceSelect(input);

    assertEquals(0, run.exitCode(), run::toString);
    assertEquals("<SELECT>", read(dir.resolve("page.html.reduced")));
  }

  @Test
  void reportsATestCommandThatAnswersEveryOtherTimeAndWritesNothing() throws IOException {
    Path input = write("page.html", PAGE);
    Path state = dir.resolve("state");
    String flipFlop =
        "if [ -e \"$0\" ]; then rm \"$0\"; exit 1; fi; touch \"$0\"; grep -q SELECT \"$1\"";

    Execution run =
        InProcessWhittle.execute(
            "reduce", input.toString(), "--", "sh", "-c", flipFlop, state.toString());

    assertEquals(ExitCodes.FLAKY_FINDING, run.exitCode(), run::toString);
    assertTrue(run.err().contains("flaky"), run::toString);
    assertTrue(run.err().contains("1 of 2") || run.err().contains("of 3"), run::toString);
    assertFalse(Files.exists(dir.resolve("page.html.reduced")), "nothing to write");
  }

  @Test
  void writesOnlyAResultThatPassesItsRecheckAndSaysWhenTheTestIsFlaky() throws IOException {
    // Stable on 12 bytes or more; below, a content is interesting the first time it is seen and
    // never again: the search calls small candidates interesting, their re-checks do not.
    Path input = write("page.html", PAGE);
    Path seen = Files.createDirectory(dir.resolve("seen"));
    String onceForSmall =
        "grep -q SELECT \"$1\" || [ $(wc -c < \"$1\") -lt 12 ] || exit 1;"
            + " [ $(wc -c < \"$1\") -ge 12 ] && exit 0;"
            + " key=\"$0/$(md5sum < \"$1\" | cut -c1-32)\"; [ -e \"$key\" ] && exit 1;"
            + " touch \"$key\"";

    Execution run =
        InProcessWhittle.execute(
            "reduce",
            "--json",
            "--format",
            "bytes",
            input.toString(),
            "--",
            "sh",
            "-c",
            onceForSmall,
            seen.toString());

    assertEquals(ExitCodes.FLAKY_FINDING, run.exitCode(), run::toString);
    assertTrue(run.err().contains("flaky"), run::toString);
    String written = read(dir.resolve("page.html.reduced"));
    assertTrue(written.length() >= 12 && written.contains("SELECT"), written);
    JsonObject json = JsonParser.parseString(run.out()).getAsJsonObject();
    assertFalse(json.get("oneMinimal").getAsBoolean(), run::toString);
    assertFalse(json.get("verified").getAsBoolean(), run::toString);
    assertEquals(written.length(), json.get("reducedBytes").getAsInt(), run::toString);
  }

  @Test
  void withTwoJobsTheChecksOfTheInputRunTwoAtOnce() throws IOException {
    assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "two processors");
    // On INPUT's content the test is interesting only when another run of it has started within
    // 5 s: checks that run one after another fail on INPUT.
    Path input = write("page.html", PAGE);
    Path started = Files.createDirectory(dir.resolve("started"));
    String needsAPartner =
        "cmp -s \"$1\" \"$0/../page.html\" || exec grep -q SELECT \"$1\";"
            + " touch \"$0/$$\"; i=0; while [ $i -lt 50 ]; do"
            + " [ $(ls \"$0\" | wc -l) -ge 2 ] && exit 0; sleep 0.1; i=$((i + 1)); done; exit 1";

    Execution run =
        InProcessWhittle.execute(
            "reduce",
            "--jobs",
            "2",
            "--check-runs",
            "2",
            input.toString(),
            "--",
            "sh",
            "-c",
            needsAPartner,
            started.toString());

    assertEquals(0, run.exitCode(), run::toString);
    assertEquals("SELECT", read(dir.resolve("page.html.reduced")));
  }

  private static String joined(Future<Execution> run) {
    try {
      return run.get().toString();
    } catch (Exception e) {
      return e.toString();
    }
  }

  private Execution reduceSelect(Path input) {
    return InProcessWhittle.execute(
        "reduce",
        "--algorithm",
        "one-by-one",
        "--test",
        "grep",
        "-q",
        SELECT_PATTERN,
        input.toString());
  }

  private Path write(String name, String content) throws IOException {
    return Files.writeString(dir.resolve(name), content, UTF_8);
  }

  private String readQuietly(String name) {
    try {
      return read(dir.resolve(name));
    } catch (IOException e) {
      return e.toString();
    }
  }

  private static String read(Path file) throws IOException {
    return Files.readString(file, UTF_8);
  }

  private static List<String> fileNames(Path directory) throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      return files.map(file -> file.getFileName().toString()).sorted().toList();
    }
  }
}
