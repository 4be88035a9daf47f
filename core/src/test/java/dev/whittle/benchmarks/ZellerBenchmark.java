package dev.whittle.benchmarks;

import static dev.whittle.benchmarks.TextTable.fmt;

import dev.whittle.api.Budget;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.StopReason;
import dev.whittle.benchmarks.BenchAlgorithms.Entry;
import dev.whittle.benchmarks.ZellerCases.Case;
import dev.whittle.benchmarks.ZellerCases.Published;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Zeller's case studies (gcc-bug.c, mozilla-select.html, gcc-options.txt) with every algorithm,
 * next to the figures the README publishes and Whittle's 1-minimal call targets. 1-minimality is
 * checked twice: by the engine's own flag, and by brute force outside the run count.
 */
public final class ZellerBenchmark {
  static final String USAGE =
      """
      ZellerBenchmark [options]
        --algorithms A,B,..  algorithm names (default ddmin,ddrmin,one-by-one,entropy-simplify,entropy,entropy-paper)
        --data DIR           the case files (default: ../shared/bench-data/zeller from the repository
                             root, or -Dwhittle.zeller.dir=DIR)
        --max-runs N        run budget per reduction (default unlimited)
        --show               print each reduced input
        --csv                also print the table as a CSV block
        --markdown           also print the table as markdown
        --help               this text""";

  private ZellerBenchmark() {}

  public static void main(String[] args) {
    BenchArgs options;
    List<Entry> algorithms;
    Path dir;
    try {
      options =
          BenchArgs.parse(
              args,
              Set.of("csv", "markdown", "show", "help"),
              Set.of("algorithms", "data", "max-runs"));
      if (options.flag("help")) {
        System.out.println(USAGE);
        return;
      }
      algorithms =
          BenchAlgorithms.resolve(
              options.getList(
                  "algorithms",
                  List.of(
                      "ddmin",
                      "ddrmin",
                      "one-by-one",
                      "entropy-simplify",
                      "entropy",
                      "entropy-paper")));
      dir = ZellerCases.locate(options.get("data", null));
    } catch (IllegalArgumentException | IllegalStateException e) {
      BenchAlgorithms.usageError(e.getMessage(), USAGE);
      return;
    }
    long maxRuns = options.getLong("max-runs", Long.MAX_VALUE);
    Budget budget =
        maxRuns == Long.MAX_VALUE ? Budget.unlimited() : Budget.unlimited().withMaxRuns(maxRuns);
    List<Case<?>> cases = ZellerCases.load(dir);

    System.out.println("ZellerBenchmark (Zeller & Hildebrandt 2002 case studies)");
    System.out.println("data: " + dir);
    System.out.println("algorithms: " + BenchAlgorithms.describe(algorithms));
    System.out.println(
        "calls = ReductionResult.runs(), including the check of the original input;"
            + " 1-min(engine) = ReductionResult.oneMinimal(); 1-min(brute) = every single-item"
            + " deletion of the result re-tested outside the count; target applies to minimizing"
            + " algorithms: calls <= target and brute-force 1-minimal");
    System.out.println();

    publishedTable(cases).print("Published figures (README)", options.flag("csv"), false);

    TextTable table =
        new TextTable(
            "case",
            "items",
            "algorithm",
            "calls",
            "|result|",
            "1-min(engine)",
            "1-min(brute)",
            "ms",
            "published",
            "target",
            "verdict");
    List<String> shown = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    for (Case<?> c : cases) {
      if (c.input().size() != c.expectedItems()) {
        notes.add(
            fmt(
                "note: %s has %d items, the README says %d",
                c.name(), c.input().size(), c.expectedItems()));
      }
      for (Entry entry : algorithms) {
        runOne(c, entry, budget, table, shown, notes);
      }
    }
    table.print("Results", options.flag("csv"), options.flag("markdown"));
    if (options.flag("show")) {
      shown.forEach(System.out::println);
    }
    notes.forEach(System.out::println);
  }

  private static <C> void runOne(
      Case<C> c,
      Entry entry,
      Budget budget,
      TextTable table,
      List<String> shown,
      List<String> notes) {
    String published = published(c.published(), entry.name());
    String target = entry.minimizes() ? fmt("<=%d", c.target()) : "-";
    String items = fmt("%d %s", c.input().size(), c.input().granularity());
    ReductionResult<C> result;
    try {
      result = BenchAlgorithms.run(entry, c.input(), budget, c.oracle());
    } catch (RuntimeException e) {
      table.addRow(
          c.name(), items, entry.name(), "err", "err", "-", "-", "-", published, target, "-");
      notes.add("note: " + entry.name() + " on " + c.name() + " failed: " + e);
      return;
    }
    if (result == null) {
      String na = BenchAlgorithms.NOT_AVAILABLE;
      table.addRow(c.name(), items, entry.name(), na, na, na, na, na, published, target, na);
      return;
    }
    boolean brute = c.bruteForceOneMinimal(result.reduced());
    String verdict =
        !entry.minimizes() ? "-" : result.runs() <= c.target() && brute ? "PASS" : "FAIL";
    table.addRow(
        c.name(),
        items,
        entry.name(),
        fmt("%d", result.runs()),
        fmt("%d", result.reducedSize()),
        result.oneMinimal() ? "yes" : "no",
        brute ? "yes" : "no",
        fmt("%d", result.elapsed().toMillis()),
        published,
        target,
        verdict);
    if (result.stopReason() != StopReason.COMPLETED) {
      notes.add(
          "note: " + entry.name() + " on " + c.name() + " stopped early: " + result.stopReason());
    }
    shown.add(
        fmt(
            "--- %s, %s (%d items) ---%n%s",
            c.name(), entry.name(), result.reducedSize(), result.reduced()));
  }

  /** The README figure to compare an algorithm with, if there is one. */
  static String published(Published p, String algorithm) {
    double value =
        switch (algorithm) {
          case "ddmin" -> p.ddmin();
          case "entropy-simplify" -> p.edSimplify();
          case "entropy", "entropy-paper" -> p.edMinimize();
          default -> Double.NaN;
        };
    return Double.isNaN(value) ? "-" : fmt("%.0f", value);
  }

  private static TextTable publishedTable(List<Case<?>> cases) {
    TextTable table =
        new TextTable(
            "case",
            "ddmin (DD.py)",
            "ED simplify",
            "ED minimize",
            "lb max(|min|,H)",
            "our target (1-minimal)",
            "other");
    for (Case<?> c : cases) {
      Published p = c.published();
      table.addRow(
          c.name(),
          fmt("%.0f", p.ddmin()),
          fmt("%.0f", p.edSimplify()),
          fmt("%.0f", p.edMinimize()),
          fmt("%.1f", p.lowerBound()),
          fmt("<=%d", c.target()),
          p.notes().isEmpty() ? "-" : p.notes());
    }
    return table;
  }
}
