package dev.whittle.benchmarks;

import dev.whittle.api.Algorithms;
import dev.whittle.api.Oracle;
import dev.whittle.api.Pass;
import dev.whittle.api.Reduction;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.Whittle;
import dev.whittle.engine.tree.SyntaxTree;
import dev.whittle.engine.tree.lenient.LenientFormats;
import dev.whittle.engine.tree.reduce.LearnedFilters;
import dev.whittle.engine.tree.reduce.TreePasses;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The tree passes' overhead on a 1 MiB JSON input (docs/dev/benchmarks.md, section 16): an array of
 * seeded random records, one of which holds {@code "crash": true}; the oracle is interesting iff
 * the candidate still holds that member (a substring search, so that the time is the engine's).
 * Prints the build time of the tree, and per pipeline wall time, oracle time, runs, result size and
 * the result.
 *
 * <p>Usage: {@code TreeOverheadBenchmark [--size BYTES] [--seed N] [--warmup N]}
 */
public final class TreeOverheadBenchmark {
  private TreeOverheadBenchmark() {}

  static byte[] json(int size, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    StringBuilder out = new StringBuilder(size + 256);
    out.append("[\n");
    int records = 0;
    int crashAt = -1;
    while (out.length() < size - 200) {
      if (records > 0) {
        out.append(",\n");
      }
      out.append("  {\"id\": ")
          .append(records)
          .append(", \"name\": \"user ")
          .append(random.nextInt(1_000_000))
          .append("\", \"tags\": [\"t")
          .append(random.nextInt(100))
          .append("\", \"t")
          .append(random.nextInt(100))
          .append("\"], \"score\": ")
          .append(random.nextInt(10_000) / 100.0)
          .append(", \"nested\": {\"a\": [1, 2, {\"b\": null}], \"c\": \"x,y\"}");
      if (crashAt < 0 && out.length() > size / 2) {
        out.append(", \"crash\": true");
        crashAt = records;
      }
      out.append('}');
      records++;
    }
    out.append("\n]\n");
    return out.toString().getBytes(StandardCharsets.UTF_8);
  }

  public static void main(String[] args) {
    BenchArgs options =
        BenchArgs.parse(args, java.util.Set.of(), java.util.Set.of("size", "seed", "warmup"));
    int size = (int) options.getLong("size", 1 << 20);
    long seed = options.getLong("seed", 1);
    long warmup = options.getLong("warmup", 1);
    byte[] input = json(size, seed);
    byte[] needle = "\"crash\": true".getBytes(StandardCharsets.UTF_8);
    long[] oracleNanos = {0};
    Oracle<byte[]> oracle =
        Oracle.of(
            candidate -> {
              long start = System.nanoTime();
              boolean found = indexOf(candidate, needle) >= 0;
              oracleNanos[0] += System.nanoTime() - start;
              return found;
            });
    System.out.println("TreeOverheadBenchmark: " + input.length + " bytes of JSON, seed " + seed);
    for (int w = 0; w <= warmup; w++) {
      long start =
          java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
      SyntaxTree tree = LenientFormats.json().build(input);
      long buildMs =
          (java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime()
                  - start)
              / 1_000_000;
      if (w == warmup) {
        System.out.println(
            "tree: " + tree.preorder().size() + " nodes, built in " + buildMs + " ms of CPU");
      }
    }
    TextTable table =
        new TextTable(
            "pipeline",
            "wall ms",
            "cpu ms",
            "process cpu ms",
            "oracle ms",
            "overhead ms",
            "calls",
            "result",
            "< 5 s");
    java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
    for (String pipeline : List.of("sequence only", "hdd", "default (TreePasses.forText)", "gtr")) {
      ReductionResult<byte[]> result = null;
      long wall = 0;
      long cpu = 0;
      long processCpu = 0;
      for (int w = 0; w <= warmup; w++) {
        oracleNanos[0] = 0;
        long start = System.nanoTime();
        long cpuStart = mx.getCurrentThreadCpuTime();
        long processStart = processCpuNanos();
        result = reduction(input, pipeline).run(oracle);
        wall = (System.nanoTime() - start) / 1_000_000;
        cpu = (mx.getCurrentThreadCpuTime() - cpuStart) / 1_000_000;
        processCpu = (processCpuNanos() - processStart) / 1_000_000;
      }
      long oracleMs = oracleNanos[0] / 1_000_000;
      table.addRow(
          pipeline,
          String.valueOf(wall),
          String.valueOf(cpu),
          String.valueOf(processCpu),
          String.valueOf(oracleMs),
          String.valueOf(wall - oracleMs),
          String.valueOf(result.runs()),
          result.reduced().length + " B: " + new String(result.reduced(), StandardCharsets.UTF_8),
          wall < 5000 ? "PASS" : "FAIL");
    }
    System.out.println(table.toText());
  }

  private static Reduction<byte[]> reduction(byte[] input, String pipeline) {
    Reduction<byte[]> reduction =
        Whittle.reduce(SequenceInputs.bytes(input)).withAlgorithm(Algorithms.entropyDebugging());
    List<Pass<byte[]>> passes =
        switch (pipeline) {
          case "sequence only" -> List.of();
          case "hdd", "gtr" ->
              List.of(
                  TreePasses.named(
                          pipeline,
                          LenientFormats.auto(),
                          Algorithms.named(Algorithms.ENTROPY_SIMPLIFY),
                          LearnedFilters.none())
                      .orElseThrow());
          default ->
              TreePasses.forText(
                  LenientFormats.auto(), Algorithms.named(Algorithms.ENTROPY_SIMPLIFY));
        };
    if (!passes.isEmpty()) {
      reduction = reduction.withPassesFirst(true);
      for (Pass<byte[]> pass : passes) {
        reduction = reduction.withPass(pass);
      }
    }
    return reduction;
  }

  /** CPU time of the whole JVM, garbage collection included. */
  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean)
            java.lang.management.ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  private static int indexOf(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int k = 0; k < needle.length; k++) {
        if (haystack[i + k] != needle[k]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
