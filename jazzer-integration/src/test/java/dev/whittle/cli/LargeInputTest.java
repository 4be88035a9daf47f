package dev.whittle.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.cli.InProcessWhittle.Execution;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inputs of tens of megabytes: Whittle's own heap stays a small multiple of the input, the deadline
 * holds, and running out of memory is reported as such with the best result kept.
 */
class LargeInputTest {
  private static final int MEGABYTE = 1 << 20;
  private static final String MARKER = "MARKER";

  @TempDir Path dir;

  /**
   * 20 MB under a 256 MB heap: 12.8 bytes of heap per input byte, for the JVM's own needs and
   * Whittle's at most 8. The default path: bytes, entropy, the tree passes of the detected format.
   */
  @Test
  void reducesA20MegabyteInputUnderA256MegabyteHeap() throws Exception {
    Path input = words("big.txt", 20 * MEGABYTE);

    Forked run = forked("-Xmx256m", "reduce", "--test", "grep", "-q", MARKER, input.toString());

    assertEquals(0, run.exitCode(), run::toString);
    assertEquals(MARKER, Files.readString(dir.resolve("big.txt.reduced"), UTF_8), run::toString);
  }

  /** The same at line granularity. */
  @Test
  void reducesA20MegabyteInputByLinesUnderA256MegabyteHeap() throws Exception {
    Path input = words("big.txt", 20 * MEGABYTE);

    Forked run =
        forked(
            "-Xmx256m",
            "reduce",
            "--granularity",
            "lines",
            "--test",
            "grep",
            "-q",
            MARKER,
            input.toString());

    assertEquals(0, run.exitCode(), run::toString);
    assertEquals(
        "the line with the " + MARKER + " in it\n",
        Files.readString(dir.resolve("big.txt.reduced"), UTF_8),
        run::toString);
  }

  /**
   * Each run of the test command takes at least 0.2 s; past the deadline Whittle may finish the run
   * under way, then writes its best result and stops. Nothing else it does on a large input
   * (hashing, trees, passes, the check of 1-minimality) may take it further past the deadline.
   */
  @Test
  void stopsWithinOneTestRunOfTheDeadlineOnALargeInput() throws IOException {
    Path input = words("big.txt", 20 * MEGABYTE);
    Duration deadline = Duration.ofSeconds(2);

    long start = System.nanoTime();
    Execution run =
        InProcessWhittle.execute(
            "reduce",
            "--deadline",
            "2s",
            "--json",
            "--test",
            "sh",
            "-c",
            "sleep 0.2; grep -q " + MARKER + " \"$1\"",
            "sh",
            input.toString());
    Duration elapsed = Duration.ofNanos(System.nanoTime() - start);

    assertEquals(0, run.exitCode(), run::toString);
    assertTrue(run.out().contains("\"stopReason\":\"DEADLINE\""), run::toString);
    // One test run, and the writing of a 20 MB result, with room for a busy machine.
    Duration slack = Duration.ofSeconds(3);
    assertTrue(
        elapsed.compareTo(deadline.plus(slack)) < 0,
        () -> "took " + elapsed.toMillis() + " ms with a deadline of 2 s: " + run);
    byte[] reduced = Files.readAllBytes(dir.resolve("big.txt.reduced"));
    assertTrue(new String(reduced, UTF_8).contains(MARKER), "the best result so far is written");
  }

  /**
   * Above the tree passes' size limit, the tree passes wait until the result is below it, and say
   * so once.
   */
  @Test
  void notesThatTheTreePassesWaitOnAnInputAboveTheirLimit() throws IOException {
    Path input = words("big.txt", 2 * MEGABYTE);

    Execution run =
        InProcessWhittle.execute("reduce", "--test", "grep", "-q", MARKER, input.toString());

    assertEquals(0, run.exitCode(), run::toString);
    assertTrue(run.err().contains("tree passes wait"), run::toString);
    assertEquals(MARKER, Files.readString(dir.resolve("big.txt.reduced"), UTF_8));
  }

  /**
   * A heap too small for the tree of a 1 MB input of short tokens, but large enough for the check
   * of the original: Whittle says it ran out of memory, what to do, and keeps its best result.
   */
  @Test
  void reportsItsOwnOutOfMemoryErrorAndKeepsTheBestResult() throws Exception {
    StringBuilder tokens = new StringBuilder("[");
    while (tokens.length() < MEGABYTE - 16) {
      tokens.append("1,");
    }
    tokens.append(MARKER).append("]\n");
    Path input = dir.resolve("tokens.json");
    Files.writeString(input, tokens, UTF_8);

    Forked run = forked("-Xmx24m", "reduce", "--test", "grep", "-q", MARKER, input.toString());

    assertEquals(ExitCodes.OUT_OF_MEMORY, run.exitCode(), run::toString);
    assertTrue(run.output().contains("out of memory"), run::toString);
    assertTrue(run.output().contains("-Xmx"), run::toString);
    assertFalse(run.output().contains("\tat "), () -> "no stack trace: " + run);
    Path result = dir.resolve("tokens.json.reduced");
    assertTrue(run.output().contains(result.toString()), run::toString);
    assertArrayEquals(Files.readAllBytes(input), Files.readAllBytes(result), "the best so far");
  }

  /** Lines of random words, the marker alone on one line in the middle; the same every time. */
  private Path words(String name, int size) throws IOException {
    String[] vocabulary = {
      "alpha", "beta", "gamma", "delta", "select", "from", "where", "table", "value", "index",
      "node", "tree", "leaf", "root", "byte", "line", "word", "quick", "brown", "fox"
    };
    SplittableRandom random = new SplittableRandom(42);
    Path file = dir.resolve(name);
    long written = 0;
    boolean marked = false;
    try (BufferedWriter out = Files.newBufferedWriter(file, UTF_8)) {
      while (written < size) {
        String line;
        if (!marked && written >= size / 2) {
          line = "the line with the " + MARKER + " in it\n";
          marked = true;
        } else {
          StringBuilder words = new StringBuilder();
          int count = 3 + random.nextInt(10);
          for (int i = 0; i < count; i++) {
            words.append(i == 0 ? "" : " ").append(vocabulary[random.nextInt(vocabulary.length)]);
          }
          line = words.append('\n').toString();
        }
        out.write(line);
        written += line.length();
      }
    }
    return file;
  }

  private Forked forked(String heap, String... args) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add(heap);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(WhittleCommand.class.getName());
    command.addAll(List.of(args));
    Path log = dir.resolve("whittle.log");
    Process whittle =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!whittle.waitFor(180, TimeUnit.SECONDS)) {
      whittle.destroyForcibly().waitFor();
    }
    return new Forked(whittle.exitValue(), Files.readString(log, UTF_8));
  }

  private record Forked(int exitCode, String output) {
    @Override
    public String toString() {
      return "exit " + exitCode + "\n" + output;
    }
  }
}
