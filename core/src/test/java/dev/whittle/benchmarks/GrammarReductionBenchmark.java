package dev.whittle.benchmarks;

import static dev.whittle.benchmarks.TextTable.fmt;
import static java.nio.charset.StandardCharsets.UTF_8;

import dev.whittle.api.Algorithms;
import dev.whittle.api.ContentTester;
import dev.whittle.api.Oracle;
import dev.whittle.api.Outcome;
import dev.whittle.api.Pass;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.Whittle;
import dev.whittle.engine.tree.SyntaxTree;
import dev.whittle.engine.tree.grammar.GrammarPasses;
import dev.whittle.engine.tree.grammar.GrammarTreeBuilder;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;

/**
 * The fuzzingbook's expression example (chapter "Reducing Failure-Inducing Inputs") with the
 * grammar pass, its generative variant and ddmin, next to the chapter's figures; then the time to
 * load a grammar and to parse a 30 KB input with it.
 *
 * <p>"tests" counts distinct candidates the reducer asked, without the original, as the chapter's
 * CachingReducer counts them for the GrammarPass; "calls" is {@code ReductionResult.runs()}, with
 * the original, as the chapter counts for ddmin (its test #1 is the original).
 */
public final class GrammarReductionBenchmark {
  static final String USAGE =
      """
      GrammarReductionBenchmark [options]
        --parse-kb N   size of the generated JSON input for the parse timing (default 30)
        --repeat N     parses timed after the first (default 20)
        --show         print every candidate the grammar pass asked
        --help         this text""";

  static final String SHORT_EXPRESSION = "1 + (2 * 3)";

  /** The chapter's long expression ("Comparing Strategies", In [73]). */
  public static final String LONG_EXPRESSION =
      "++---((-2 / 3 / 3 - -+1 / 5 - 2) * ++6 / +8 * 4 / 9 / 2 * 8 + ++(5) * 3 / 8 * 0 + 3 * 3 + 4"
          + " / 0 / 6 + 9) * ++++(+--9 * -3 * 7 / 4 + --(4) / 3 - 0 / 3 + 5 + 0) * (1 * 6 - 1 / 9 *"
          + " 5 - 9 / 0 + 7) * ++(8 - 1) * +1 * 7 * 0 + ((1 + 4) / 4 * 8 * 9 * 4 + 4 / (4) * 1 - (4)"
          + " * 8 * 5 + 1 + 4) / (+(2 - 1 - 9) * 5 + 3 + 6 - 2) * +3 * (3 - 7 + 8) / 4 - -(9 * 4 - 1"
          + " * 0 + 5) / (5 / 9 * 5 + 2) * 7 + ((7 - 5 + 3) / 1 * 8 - 8 - 9) * --+1 * 4 / 4 - 4 / 7"
          + " * 4 - 3 / 6 * 1 - 2 - 7 - 8";

  private GrammarReductionBenchmark() {}

  public static void main(String[] args) {
    BenchArgs options;
    try {
      options = BenchArgs.parse(args, Set.of("show", "help"), Set.of("parse-kb", "repeat"));
      if (options.flag("help")) {
        System.out.println(USAGE);
        return;
      }
    } catch (IllegalArgumentException e) {
      BenchAlgorithms.usageError(e.getMessage(), USAGE);
      return;
    }
    int kb = (int) options.getLong("parse-kb", 30);
    int repeat = (int) options.getLong("repeat", 20);
    boolean show = options.flag("show");

    System.out.println("GrammarReductionBenchmark (fuzzingbook, Reducing Failure-Inducing Inputs)");
    System.out.println(
        "oracle: EvalMysteryRunner semantics (ExpressionMystery): invalid EXPR_GRAMMAR input is"
            + " unresolved, valid input fails iff '(' precedes ')'");
    System.out.println();
    GrammarTreeBuilder expr = GrammarTreeBuilder.load(resource("Expr.g4"), Optional.empty());
    TextTable table =
        new TextTable("input", "reducer", "tests", "calls", "result", "chapter", "verdict");
    expressionRows(table, "1 + (2 * 3)", SHORT_EXPRESSION, expr, show, 3, "(3)", 21);
    expressionRows(table, "long (In [73])", LONG_EXPRESSION, expr, show, 10, "(9)", 900);
    table.print("Expression example", false, true);

    System.out.println();
    parseTiming(kb, repeat);
  }

  private static void expressionRows(
      TextTable table,
      String label,
      String input,
      GrammarTreeBuilder expr,
      boolean show,
      int chapterTests,
      String chapterResult,
      int chapterDdminTests) {
    for (boolean generative : new boolean[] {false, true}) {
      Pass<byte[]> reducer =
          generative ? GrammarPasses.generativeGrammarPass(expr) : GrammarPasses.grammarPass(expr);
      Counting tester = new Counting();
      String result = new String(reducer.reduce(input.getBytes(UTF_8), tester), UTF_8);
      boolean met = result.equals(chapterResult) && tester.tests.size() <= chapterTests;
      table.addRow(
          label,
          reducer.name() + " (alone)",
          fmt("%d", tester.tests.size()),
          fmt("%d", tester.tests.size() + 1),
          result,
          fmt("%s in %d tests", chapterResult, chapterTests),
          generative
              ? (result.equals(chapterResult) ? "same result" : "other result")
              : met ? "met" : "NOT met");
      if (show) {
        System.out.println(reducer.name() + " on " + label + ": " + tester.tests);
      }
    }
    Oracle<String> oracle = ExpressionMystery::run;
    ReductionResult<String> ddmin =
        Whittle.reduce(SequenceInputs.chars(input)).withAlgorithm(Algorithms.ddmin()).run(oracle);
    table.addRow(
        label,
        "ddmin (Whittle.reduce, chars)",
        "-",
        fmt("%d", ddmin.runs()),
        ddmin.reduced().length() > 80 ? ddmin.reduced().length() + " chars" : ddmin.reduced(),
        fmt("%d tests", chapterDdminTests),
        ddmin.reduced().equals(input) ? "no reduction (as the chapter)" : "reduced");
    Oracle<byte[]> bytesOracle = ExpressionMystery::run;
    ReductionResult<byte[]> both =
        Whittle.reduce(SequenceInputs.bytes(input.getBytes(UTF_8)))
            .withAlgorithm(Algorithms.ddmin())
            .withPass(GrammarPasses.grammarPass(expr))
            .withPassesFirst(true)
            .run(bytesOracle);
    table.addRow(
        label,
        "ddmin + grammar (Whittle.reduce, bytes)",
        "-",
        fmt("%d", both.runs()),
        new String(both.reduced(), UTF_8),
        "-",
        "-");
  }

  /** The chapter's CachingReducer count: distinct candidates, the original not among them. */
  private static final class Counting implements ContentTester<byte[]> {
    final Map<String, Boolean> cache = new HashMap<>();
    final List<String> tests = new ArrayList<>();

    @Override
    public boolean isInteresting(byte[] candidate) {
      String key = new String(candidate, UTF_8);
      return cache.computeIfAbsent(
          key,
          k -> {
            tests.add(k);
            return ExpressionMystery.run(candidate) == Outcome.INTERESTING;
          });
    }
  }

  private static void parseTiming(int kb, int repeat) {
    Path json = resource("JSON.g4");
    long t0 = System.nanoTime();
    GrammarTreeBuilder builder = GrammarTreeBuilder.load(json, Optional.empty());
    double firstLoad = ms(System.nanoTime() - t0);
    List<Double> loads = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      long s = System.nanoTime();
      GrammarTreeBuilder.load(json, Optional.empty());
      loads.add(ms(System.nanoTime() - s));
    }
    byte[] input = jsonDocument(kb * 1000, new Random(20_021));
    long s = System.nanoTime();
    SyntaxTree tree = builder.build(input);
    double firstParse = ms(System.nanoTime() - s);
    List<Double> parses = new ArrayList<>();
    for (int i = 0; i < repeat; i++) {
      long p = System.nanoTime();
      builder.build(input);
      parses.add(ms(System.nanoTime() - p));
    }
    TextTable table = new TextTable("what", "first (cold JVM)", "median of later", "detail");
    table.addRow(
        "load JSON.g4", fmt("%.1f ms", firstLoad), fmt("%.1f ms", median(loads)), "5 later loads");
    table.addRow(
        fmt("parse %d-byte JSON", input.length),
        fmt("%.1f ms", firstParse),
        fmt("%.1f ms", median(parses)),
        fmt(
            "%d later parses; %d nodes, root %s",
            repeat, tree.preorder().size(), tree.root().kind()));
    table.print("Grammar load and parse time", false, true);
  }

  /** A JSON document of at least {@code size} bytes: nested objects, arrays, strings, numbers. */
  public static byte[] jsonDocument(int size, Random random) {
    StringBuilder out = new StringBuilder("[\n");
    int n = 0;
    while (out.length() < size) {
      if (n++ > 0) {
        out.append(",\n");
      }
      value(out, random, 0);
    }
    out.append("\n]\n");
    return out.toString().getBytes(UTF_8);
  }

  private static void value(StringBuilder out, Random random, int depth) {
    int kind = depth > 4 ? 2 + random.nextInt(4) : random.nextInt(6);
    switch (kind) {
      case 0 -> {
        out.append("{");
        int members = 1 + random.nextInt(4);
        for (int i = 0; i < members; i++) {
          out.append(i == 0 ? "" : ", ").append("\"key").append(random.nextInt(100)).append("\": ");
          value(out, random, depth + 1);
        }
        out.append("}");
      }
      case 1 -> {
        out.append("[");
        int items = random.nextInt(5);
        for (int i = 0; i < items; i++) {
          out.append(i == 0 ? "" : ", ");
          value(out, random, depth + 1);
        }
        out.append("]");
      }
      case 2 -> out.append("\"text ").append(random.nextInt(10_000)).append(" \\u00e9ü\"");
      case 3 ->
          out.append(random.nextInt(2_000_000) - 1_000_000).append(".").append(random.nextInt(100));
      case 4 -> out.append(random.nextBoolean() ? "true" : "false");
      default -> out.append("null");
    }
  }

  private static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    sorted.sort(Double::compare);
    return sorted.get(sorted.size() / 2);
  }

  private static double ms(long nanos) {
    return nanos / 1e6;
  }

  private static Path resource(String name) {
    try {
      return Path.of(GrammarReductionBenchmark.class.getResource("/grammars/" + name).toURI());
    } catch (URISyntaxException | NullPointerException e) {
      throw new IllegalStateException("no grammar " + name + " on the test class path", e);
    }
  }
}
