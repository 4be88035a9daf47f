package dev.whittle.benchmarks;

import static dev.whittle.benchmarks.TextTable.fmt;

import dev.whittle.api.Budget;
import dev.whittle.api.Oracle;
import dev.whittle.api.Outcome;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInput;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.StopReason;
import dev.whittle.benchmarks.BenchAlgorithms.Entry;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * Engine overhead on a large input: a 1 MiB byte input with 1% important bytes in 20 clusters and
 * an in-memory oracle that costs one pass over the candidate. Target: under 5 s wall time per
 * reduction on a 2-core machine.
 */
public final class OverheadBenchmark {
  static final String USAGE =
      """
      OverheadBenchmark [options]
        --algorithms A,B,..  algorithm names (default entropy-simplify,entropy)
        --size N             input bytes (default 1048576)
        --important-percent P  share of important bytes in percent (default 1)
        --clusters N         runs of important bytes (default 20)
        --seed S             input seed (default 1)
        --warmup N           unmeasured runs per algorithm first (default 0)
        --max-runs N        run budget per reduction (default unlimited)
        --deadline-s S       time budget per reduction in seconds (default none)
        --target-s S         wall-time target in seconds (default 5)
        --csv                also print the table as a CSV block
        --markdown           also print the table as markdown
        --help               this text""";

  private OverheadBenchmark() {}

  public static void main(String[] args) {
    BenchArgs options;
    List<Entry> algorithms;
    OverheadInput generated;
    Budget budget = Budget.unlimited();
    int warmup;
    double targetSeconds;
    try {
      options =
          BenchArgs.parse(
              args,
              Set.of("csv", "markdown", "help"),
              Set.of(
                  "algorithms",
                  "size",
                  "important-percent",
                  "clusters",
                  "seed",
                  "warmup",
                  "max-runs",
                  "deadline-s",
                  "target-s"));
      if (options.flag("help")) {
        System.out.println(USAGE);
        return;
      }
      algorithms =
          BenchAlgorithms.resolve(
              options.getList("algorithms", List.of("entropy-simplify", "entropy")));
      int size = options.getInt("size", 1 << 20);
      double percent = options.getDouble("important-percent", 1);
      int important = (int) Math.round(size * percent / 100);
      generated =
          OverheadInput.generate(
              size, important, options.getInt("clusters", 20), options.getLong("seed", 1));
      warmup = options.getInt("warmup", 0);
      targetSeconds = options.getDouble("target-s", 5);
      if (options.has("max-runs")) {
        budget = budget.withMaxRuns(options.getLong("max-runs", 0));
      }
      if (options.has("deadline-s")) {
        budget =
            budget.withDeadline(
                Duration.ofMillis(Math.round(options.getDouble("deadline-s", 0) * 1000)));
      }
    } catch (IllegalArgumentException e) {
      BenchAlgorithms.usageError(e.getMessage(), USAGE);
      return;
    }

    SequenceInput<byte[]> input = SequenceInputs.bytes(generated.data());
    System.out.println("OverheadBenchmark (engine overhead on a large byte input)");
    System.out.println(
        fmt(
            "input: %d bytes, %d important (bytes 128..255) in %d clusters, junk bytes 0..127;"
                + " %d warm-up run(s) per algorithm; budget=%s; %d processors",
            generated.data().length,
            generated.important(),
            generated.clusterStarts().length,
            warmup,
            budget,
            Runtime.getRuntime().availableProcessors()));
    System.out.println("algorithms: " + BenchAlgorithms.describe(algorithms));
    System.out.println(
        "wall = measured around run(); engine = ReductionResult.elapsed(); calls include the check"
            + " of the original input; oracle = time inside the oracle; overhead = wall - oracle;"
            + " exact = the result is exactly the important bytes; the target needs a completed,"
            + " exact run under the time");
    System.out.println();

    TextTable table =
        new TextTable(
            "algorithm",
            "wall ms",
            "engine ms",
            "oracle ms",
            "overhead ms",
            "calls",
            "cache hits",
            "|result|",
            "exact",
            "calls/s",
            "stop",
            fmt("<%.0fs", targetSeconds));
    for (Entry entry : algorithms) {
      if (!entry.available()) {
        String na = BenchAlgorithms.NOT_AVAILABLE;
        table.addRow(entry.name(), na, na, na, na, na, na, na, na, na, na, na);
        continue;
      }
      try {
        for (int w = 0; w < warmup; w++) {
          BenchAlgorithms.run(entry, input, budget, generated.oracle());
        }
        Oracle<byte[]> plain = generated.oracle();
        long[] oracleNanos = {0};
        Oracle<byte[]> timed =
            candidate -> {
              long t = System.nanoTime();
              Outcome outcome = plain.test(candidate);
              oracleNanos[0] += System.nanoTime() - t;
              return outcome;
            };
        long start = System.nanoTime();
        ReductionResult<byte[]> result = BenchAlgorithms.run(entry, input, budget, timed);
        long wallNanos = System.nanoTime() - start;
        boolean exact =
            result.reducedSize() == generated.important()
                && OverheadInput.countHigh(result.reduced()) == generated.important();
        double wallSeconds = wallNanos / 1e9;
        table.addRow(
            entry.name(),
            fmt("%d", wallNanos / 1_000_000),
            fmt("%d", result.elapsed().toMillis()),
            fmt("%d", oracleNanos[0] / 1_000_000),
            fmt("%d", (wallNanos - oracleNanos[0]) / 1_000_000),
            fmt("%d", result.runs()),
            fmt("%d", result.cacheHits()),
            fmt("%d", result.reducedSize()),
            exact ? "yes" : "no",
            fmt("%.0f", result.runs() / Math.max(wallSeconds, 1e-9)),
            result.stopReason().toString(),
            wallSeconds < targetSeconds && exact && result.stopReason() == StopReason.COMPLETED
                ? "PASS"
                : "FAIL");
      } catch (RuntimeException e) {
        table.addRow(
            entry.name(), "err", "err", "err", "err", "err", "err", "err", "-", "-", "-", "-");
        System.err.println("note: " + entry.name() + " failed: " + e);
      }
    }
    table.print("Results", options.flag("csv"), options.flag("markdown"));
  }
}
