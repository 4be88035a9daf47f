package dev.whittle.benchmarks;

import static dev.whittle.benchmarks.TextTable.fmt;

import dev.whittle.api.Budget;
import dev.whittle.api.MarkovModel;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInput;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.StopReason;
import dev.whittle.benchmarks.BenchAlgorithms.Entry;
import dev.whittle.benchmarks.MarkovGrid.Cell;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

/**
 * Runs against the lower bound on generated Markov data (Entropy Debugging paper, section 4.2). For
 * every possible cell (p(u), p(uu)) of the 19 x 19 grid and every seed, one stream of L items is
 * drawn and reduced by each algorithm with the oracle "keeps every important item".
 *
 * <p>Seeds: run {@code s} of a cell uses {@code java.util.Random(cellIndex * 1000 + s)} with {@code
 * cellIndex = row * 19 + col} in the full grid (rows p(u), columns p(uu), both 0-based from 0.05),
 * so a sub-grid run reproduces the same inputs as the full run. All algorithms see the same inputs.
 */
public final class MarkovGridBenchmark {
  static final String USAGE =
      """
      MarkovGridBenchmark [options]
        --algorithms A,B,..  algorithm names (default ddmin,one-by-one,entropy-simplify,entropy,
                             entropy-paper,entropy-known-model; the last is entropy-simplify given
                             each input's generating chain, fixed)
        --seeds N            runs per cell (default 20)
        --length L           items per input (default 500)
        --pu SPEC            p(u) values: all | 0.5 | 0.3:0.6 | 0.25,0.5,0.75 (default all)
        --puu SPEC           p(uu) values, same forms (default all)
        --cell PU,PUU        a single cell, shorthand for --pu PU --puu PUU
        --threads N          worker threads (default: available processors)
        --max-runs N        run budget per reduction (default unlimited)
        --csv                also print the tables as CSV blocks
        --markdown           also print the tables as markdown
        --no-matrix          skip the 19 x 19 ratio matrices
        --help               this text""";

  private static final double SLACK = 1.10;
  private static final double MIN_LB_FOR_WORST = 20;

  private MarkovGridBenchmark() {}

  public static void main(String[] args) throws Exception {
    BenchArgs options;
    List<Entry> algorithms;
    List<Cell> cells;
    int seeds;
    int length;
    int threads;
    long maxRuns;
    try {
      options =
          BenchArgs.parse(
              args,
              Set.of("csv", "markdown", "no-matrix", "help"),
              Set.of("algorithms", "seeds", "length", "pu", "puu", "cell", "threads", "max-runs"));
      if (options.flag("help")) {
        System.out.println(USAGE);
        return;
      }
      String puSpec = options.get("pu", "all");
      String puuSpec = options.get("puu", "all");
      if (options.has("cell")) {
        String[] parts = options.get("cell", "").split(",");
        if (parts.length != 2) {
          throw new IllegalArgumentException("--cell wants PU,PUU, e.g. --cell 0.5,0.5");
        }
        puSpec = parts[0];
        puuSpec = parts[1];
      }
      cells = MarkovGrid.cells(MarkovGrid.indices(puSpec), MarkovGrid.indices(puuSpec));
      seeds = options.getInt("seeds", 20);
      length = options.getInt("length", 500);
      threads = options.getInt("threads", Runtime.getRuntime().availableProcessors());
      maxRuns = options.getLong("max-runs", Long.MAX_VALUE);
      if (seeds < 1 || seeds > MarkovGrid.SEED_STRIDE) {
        throw new IllegalArgumentException("--seeds must lie in 1.." + MarkovGrid.SEED_STRIDE);
      }
      if (length < 1 || threads < 1 || maxRuns < 1) {
        throw new IllegalArgumentException("--length, --threads and --max-runs must be positive");
      }
      algorithms =
          BenchAlgorithms.resolve(
              options.getList(
                  "algorithms",
                  List.of(
                      "ddmin",
                      "one-by-one",
                      "entropy-simplify",
                      "entropy",
                      "entropy-paper",
                      BenchAlgorithms.KNOWN_MODEL)));
    } catch (IllegalArgumentException e) {
      BenchAlgorithms.usageError(e.getMessage(), USAGE);
      return;
    }
    if (cells.isEmpty()) {
      BenchAlgorithms.usageError("the selection contains no possible cell", USAGE);
      return;
    }

    Budget budget =
        maxRuns == Long.MAX_VALUE ? Budget.unlimited() : Budget.unlimited().withMaxRuns(maxRuns);
    System.out.println("MarkovGridBenchmark (Entropy Debugging paper, section 4.2)");
    System.out.println(
        fmt(
            "L=%d, seeds per cell=%d (seed = cellIndex*1000 + s, cellIndex = row*19 + col),"
                + " cells=%d, threads=%d, budget=%s",
            length, seeds, cells.size(), threads, budget));
    System.out.println("algorithms: " + BenchAlgorithms.describe(algorithms));
    System.out.println(
        "calls = mean ReductionResult.runs(), which includes the check of the original"
            + " input; lb = max(p(i)*L, H), H = MarkovModel.streamEntropy(L) in bits;"
            + " ratio = calls/lb; imp = realized mean #important");
    System.out.println();

    long started = System.nanoTime();
    Runs runs = run(cells, algorithms, seeds, length, budget, threads);
    double seconds = (System.nanoTime() - started) / 1e9;

    boolean csv = options.flag("csv");
    boolean markdown = options.flag("markdown");
    List<CellStats> stats = new ArrayList<>();
    for (int c = 0; c < cells.size(); c++) {
      stats.add(runs.stats(c));
    }
    cellTables(stats, algorithms, csv, markdown);
    summaryTable(stats, algorithms).print("Summary per algorithm", csv, markdown);
    if (!options.flag("no-matrix")) {
      for (int a = 0; a < algorithms.size(); a++) {
        if (!algorithms.get(a).available()) {
          System.out.println("No ratio matrix for " + algorithms.get(a).name() + ": n/a");
          continue;
        }
        System.out.print(matrix(stats, a, algorithms.get(a).name()));
        System.out.println();
      }
    }
    for (int a = 0; a < algorithms.size(); a++) {
      String error = runs.firstErrors.get(a);
      if (error != null) {
        System.out.println("note: " + algorithms.get(a).name() + " failed: " + error);
      }
      if (runs.truncated[a].get() > 0) {
        System.out.println(
            fmt(
                "note: %s hit the budget in %d runs; its figures are truncated",
                algorithms.get(a).name(), runs.truncated[a].get()));
      }
    }
    System.out.println(fmt("wall time: %.1f s", seconds));
  }

  /** Per-run outcomes, indexed by task (cell-major, then seed) and algorithm. */
  static final class Runs {
    final List<Cell> cells;
    final int seeds;
    final int length;
    final int algorithmCount;
    final int[] important;
    final long[][] calls;
    final int[][] sizes;

    /** 0 = ran, 1 = n/a, 2 = error. */
    final byte[][] status;

    final Map<Integer, String> firstErrors = new ConcurrentHashMap<>();
    final AtomicInteger[] truncated;

    Runs(List<Cell> cells, int seeds, int length, int algorithmCount) {
      this.cells = cells;
      this.seeds = seeds;
      this.length = length;
      this.algorithmCount = algorithmCount;
      int tasks = cells.size() * seeds;
      important = new int[tasks];
      calls = new long[tasks][algorithmCount];
      sizes = new int[tasks][algorithmCount];
      status = new byte[tasks][algorithmCount];
      truncated = new AtomicInteger[algorithmCount];
      for (int a = 0; a < algorithmCount; a++) {
        truncated[a] = new AtomicInteger();
      }
    }

    CellStats stats(int c) {
      Cell cell = cells.get(c);
      MarkovModel model = cell.model();
      double lb = MarkovGrid.lowerBound(model, length);
      double meanImportant = 0;
      double[] meanCalls = new double[algorithmCount];
      double[] meanSize = new double[algorithmCount];
      String[] state = new String[algorithmCount];
      for (int s = 0; s < seeds; s++) {
        int task = c * seeds + s;
        meanImportant += important[task] / (double) seeds;
        for (int a = 0; a < algorithmCount; a++) {
          meanCalls[a] += calls[task][a] / (double) seeds;
          meanSize[a] += sizes[task][a] / (double) seeds;
          if (status[task][a] == 2) {
            state[a] = "err";
          } else if (status[task][a] == 1 && state[a] == null) {
            state[a] = BenchAlgorithms.NOT_AVAILABLE;
          }
        }
      }
      return new CellStats(
          cell,
          model.pI() * length,
          model.streamEntropy(length),
          lb,
          meanImportant,
          meanCalls,
          meanSize,
          state);
    }
  }

  /** Means over the seeds of one cell; {@code state[a]} is null when algorithm a ran. */
  record CellStats(
      Cell cell,
      double expectedImportant,
      double entropy,
      double lb,
      double meanImportant,
      double[] meanCalls,
      double[] meanSize,
      String[] state) {
    boolean ran(int a) {
      return state[a] == null;
    }

    double ratio(int a) {
      return meanCalls[a] / lb;
    }
  }

  static Runs run(
      List<Cell> cells, List<Entry> algorithms, int seeds, int length, Budget budget, int threads)
      throws InterruptedException, ExecutionException {
    Runs runs = new Runs(cells, seeds, length, algorithms.size());
    int tasks = cells.size() * seeds;
    AtomicInteger done = new AtomicInteger();
    List<Integer> items = MarkovGrid.positions(length);
    SequenceInput<List<Integer>> input = SequenceInputs.list(items);
    ForkJoinPool pool = new ForkJoinPool(threads);
    try {
      pool.submit(
              () ->
                  IntStream.range(0, tasks)
                      .parallel()
                      .forEach(
                          task -> {
                            runTask(runs, task, algorithms, input, budget);
                            int finished = done.incrementAndGet();
                            if (tasks >= 50 && finished % (tasks / 10) == 0) {
                              System.err.println(
                                  fmt("  ... %d/%d inputs reduced", finished, tasks));
                            }
                          }))
          .get();
    } finally {
      pool.shutdown();
    }
    return runs;
  }

  private static void runTask(
      Runs runs,
      int task,
      List<Entry> algorithms,
      SequenceInput<List<Integer>> input,
      Budget budget) {
    Cell cell = runs.cells.get(task / runs.seeds);
    int s = task % runs.seeds;
    boolean[] important = MarkovGrid.generate(cell.model(), runs.length, new Random(cell.seed(s)));
    runs.important[task] = MarkovGrid.count(important);
    for (int a = 0; a < algorithms.size(); a++) {
      try {
        Entry entry = algorithms.get(a);
        if (entry.name().equals(BenchAlgorithms.KNOWN_MODEL)) {
          entry = new Entry(entry.name(), BenchAlgorithms.knownModel(cell.model()), true);
        }
        ReductionResult<List<Integer>> result =
            BenchAlgorithms.run(entry, input, budget, MarkovGrid.keepsAllImportant(important));
        if (result == null) {
          runs.status[task][a] = 1;
          continue;
        }
        runs.calls[task][a] = result.runs();
        runs.sizes[task][a] = result.reducedSize();
        if (result.stopReason() != StopReason.COMPLETED) {
          runs.truncated[a].incrementAndGet();
        }
      } catch (RuntimeException e) {
        runs.status[task][a] = 2;
        runs.firstErrors.putIfAbsent(
            a, fmt("cell p(u)=%.2f p(uu)=%.2f seed %d: %s", cell.pU(), cell.pUU(), s, e));
      }
    }
  }

  private static void cellTables(
      List<CellStats> stats, List<Entry> algorithms, boolean csv, boolean markdown) {
    List<String> headers = new ArrayList<>(List.of("pU", "pUU", "p(i)L", "H", "lb", "imp"));
    List<String> fullHeaders = new ArrayList<>(headers);
    for (Entry entry : algorithms) {
      headers.add(entry.name());
      headers.add("ratio");
      fullHeaders.add(entry.name() + " calls");
      fullHeaders.add(entry.name() + " ratio");
      fullHeaders.add(entry.name() + " |result|");
    }
    TextTable text = new TextTable(headers);
    TextTable full = new TextTable(fullHeaders);
    for (CellStats cell : stats) {
      List<String> row =
          new ArrayList<>(
              List.of(
                  fmt("%.2f", cell.cell().pU()),
                  fmt("%.2f", cell.cell().pUU()),
                  fmt("%.1f", cell.expectedImportant()),
                  fmt("%.1f", cell.entropy()),
                  fmt("%.1f", cell.lb()),
                  fmt("%.1f", cell.meanImportant())));
      List<String> fullRow = new ArrayList<>(row);
      for (int a = 0; a < algorithms.size(); a++) {
        if (cell.ran(a)) {
          row.add(fmt("%.1f", cell.meanCalls()[a]));
          row.add(fmt("%.3f", cell.ratio(a)));
          fullRow.add(fmt("%.2f", cell.meanCalls()[a]));
          fullRow.add(fmt("%.4f", cell.ratio(a)));
          fullRow.add(fmt("%.2f", cell.meanSize()[a]));
        } else {
          row.add(cell.state()[a]);
          row.add(cell.state()[a]);
          fullRow.add(cell.state()[a]);
          fullRow.add(cell.state()[a]);
          fullRow.add(cell.state()[a]);
        }
      }
      text.addRow(row);
      full.addRow(fullRow);
    }
    System.out.println("Cells (means over seeds)");
    System.out.print(text.toText());
    if (csv) {
      System.out.println("```csv markov-grid-cells");
      System.out.print(full.toCsv());
      System.out.println("```");
    }
    if (markdown) {
      System.out.println("<!-- markov-grid-cells -->");
      System.out.print(full.toMarkdown());
    }
    System.out.println();
  }

  static TextTable summaryTable(List<CellStats> stats, List<Entry> algorithms) {
    int ddmin = -1;
    for (int a = 0; a < algorithms.size(); a++) {
      if (algorithms.get(a).name().equals("ddmin")) {
        ddmin = a;
      }
    }
    TextTable table =
        new TextTable(
            "algorithm",
            "cells",
            "mean ratio",
            "worst ratio (lb>=20)",
            "at pU,pUU",
            "cells >1.10lb",
            "cells >1.10lb+|res|",
            "cells worse than ddmin");
    for (int a = 0; a < algorithms.size(); a++) {
      Entry entry = algorithms.get(a);
      int ran = 0;
      double sumRatio = 0;
      double worst = Double.NaN;
      String worstAt = "-";
      int aboveSlack = 0;
      int aboveMinimizingBound = 0;
      int worseThanDdmin = 0;
      int comparable = 0;
      String missing = null;
      for (CellStats cell : stats) {
        if (!cell.ran(a)) {
          missing = cell.state()[a];
          continue;
        }
        ran++;
        double ratio = cell.ratio(a);
        sumRatio += ratio;
        if (cell.lb() >= MIN_LB_FOR_WORST && (Double.isNaN(worst) || ratio > worst)) {
          worst = ratio;
          worstAt = fmt("%.2f,%.2f", cell.cell().pU(), cell.cell().pUU());
        }
        if (cell.meanCalls()[a] > SLACK * cell.lb()) {
          aboveSlack++;
        }
        if (cell.meanCalls()[a] > SLACK * cell.lb() + cell.meanSize()[a]) {
          aboveMinimizingBound++;
        }
        if (ddmin >= 0 && ddmin != a && cell.ran(ddmin)) {
          comparable++;
          if (cell.meanCalls()[a] > cell.meanCalls()[ddmin]) {
            worseThanDdmin++;
          }
        }
      }
      if (ran == 0) {
        String na = missing == null ? BenchAlgorithms.NOT_AVAILABLE : missing;
        table.addRow(entry.name(), "0", na, na, "-", na, na, na);
        continue;
      }
      String cellsText = ran == stats.size() ? fmt("%d", ran) : fmt("%d/%d", ran, stats.size());
      table.addRow(
          entry.name(),
          cellsText,
          fmt("%.3f", sumRatio / ran),
          Double.isNaN(worst) ? "-" : fmt("%.3f", worst),
          worstAt,
          fmt("%d", aboveSlack),
          entry.minimizes() ? fmt("%d", aboveMinimizingBound) : "-",
          comparable == 0 ? "-" : fmt("%d/%d", worseThanDdmin, comparable));
    }
    return table;
  }

  /** Ratios calls/lb in a 19 x 19 grid, rows p(u), columns p(uu). */
  static String matrix(List<CellStats> stats, int a, String name) {
    String[][] grid = new String[MarkovGrid.POINTS][MarkovGrid.POINTS];
    for (CellStats cell : stats) {
      double ratio = cell.ratio(a);
      grid[cell.cell().row()][cell.cell().col()] =
          !cell.ran(a) ? cell.state()[a] : ratio < 9.995 ? fmt("%.2f", ratio) : fmt("%.1f", ratio);
    }
    StringBuilder out = new StringBuilder();
    out.append("Ratio calls/lb for ")
        .append(name)
        .append(" (rows p(u), columns p(uu); x impossible, . not run)\n");
    out.append("pU\\pUU");
    for (int col = 0; col < MarkovGrid.POINTS; col++) {
      out.append(fmt("%5s", fmt("%.2f", MarkovGrid.value(col)).substring(1)));
    }
    out.append('\n');
    for (int row = 0; row < MarkovGrid.POINTS; row++) {
      out.append(fmt("%-6s", fmt("%.2f", MarkovGrid.value(row)).substring(1)));
      for (int col = 0; col < MarkovGrid.POINTS; col++) {
        String value = grid[row][col];
        if (value == null) {
          value =
              MarkovGrid.modelOrNull(MarkovGrid.value(row), MarkovGrid.value(col)) == null
                  ? "x"
                  : ".";
        }
        out.append(fmt("%5s", value));
      }
      out.append('\n');
    }
    return out.toString();
  }
}
