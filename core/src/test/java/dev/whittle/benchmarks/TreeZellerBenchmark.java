package dev.whittle.benchmarks;

import dev.whittle.api.Algorithms;
import dev.whittle.api.Oracle;
import dev.whittle.api.Pass;
import dev.whittle.api.Reduction;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.Whittle;
import dev.whittle.engine.tree.TreeBuilder;
import dev.whittle.engine.tree.lenient.LenientFormats;
import dev.whittle.engine.tree.reduce.LearnedFilters;
import dev.whittle.engine.tree.reduce.TreePasses;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Zeller's cases through the tree passes (docs/dev/benchmarks.md, section 16): each case's file as
 * bytes, its format detected, a tree pipeline first and the entropy algorithm after it, as {@code
 * whittle reduce} runs them; against the algorithm alone over the same bytes. Prints per case and
 * pipeline: runs, result size, 1-minimal (engine and brute force), and the bar of
 * docs/dev/benchmarks.md, section 22: PASS when the pipeline asks no more calls than the sequence
 * reducer alone and ends no larger.
 *
 * <p>Usage: {@code TreeZellerBenchmark [--data DIR] [--level ALGORITHM] [--show]}
 */
public final class TreeZellerBenchmark {
  /** The algorithm of each tree level: {@code --level NAME}. */
  private static dev.whittle.api.Algorithm level;

  private static final String DEFAULT = "default (hdd*, blanks, lift, debracket, hollow, to-zero)";

  private TreeZellerBenchmark() {}

  record TextCase(String name, byte[] input, Predicate<byte[]> interesting) {}

  static List<TextCase> cases(Path dir) throws IOException {
    String regex =
        Files.readString(dir.resolve("gcc-bug.regex")).replace("\r", "").replace("\n", "");
    Pattern gcc = Pattern.compile(regex, Pattern.MULTILINE);
    Pattern select = Pattern.compile("<SELECT[^>]*>");
    Pattern option = Pattern.compile("(?m)^--fforce-addr$");
    return List.of(
        new TextCase(
            "gcc-bug.c",
            Files.readAllBytes(dir.resolve("gcc-bug.c")),
            b -> gcc.matcher(text(b)).find()),
        new TextCase(
            "mozilla-select.html",
            Files.readAllBytes(dir.resolve("mozilla-select.html")),
            b -> select.matcher(text(b)).find()),
        new TextCase(
            "gcc-options.txt",
            Files.readAllBytes(dir.resolve("gcc-options.txt")),
            b -> option.matcher(text(b)).find()));
  }

  static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.ISO_8859_1);
  }

  public static void main(String[] args) throws IOException {
    BenchArgs options =
        BenchArgs.parse(args, java.util.Set.of("show"), java.util.Set.of("data", "level"));
    // The default is what whittle reduce's --level-algorithm defaults to.
    level = Algorithms.named(options.get("level", Algorithms.ENTROPY));
    Path dir = ZellerCases.locate(options.get("data", null));
    List<String> pipelines =
        List.of("sequence only", DEFAULT, "hdd", "hdd*", "coarse-hdd", "gtr", "gtr*");
    System.out.println(
        "TreeZellerBenchmark: Zeller's cases as bytes, tree passes first, then"
            + " entropy; calls include the check of the original");
    TextTable table =
        new TextTable(
            "case",
            "bytes",
            "format",
            "pipeline",
            "calls",
            "result",
            "1-min(engine)",
            "1-min(brute)",
            "bar",
            "ms");
    for (TextCase c : cases(dir)) {
      TreeBuilder builder = LenientFormats.detect(c.input());
      ReductionResult<byte[]> alone = null;
      for (String pipeline : pipelines) {
        long start = System.nanoTime();
        ReductionResult<byte[]> result = run(c, pipeline);
        long ms = (System.nanoTime() - start) / 1_000_000;
        if (alone == null) {
          alone = result;
        }
        boolean bar =
            result.runs() <= alone.runs() && result.reduced().length <= alone.reduced().length;
        table.addRow(
            c.name(),
            String.valueOf(c.input().length),
            builder.name(),
            pipeline,
            String.valueOf(result.runs()),
            String.valueOf(result.reduced().length),
            result.oneMinimal() ? "yes" : "no",
            bruteOneMinimal(c, result.reduced()) ? "yes" : "NO",
            result == alone ? "-" : bar ? "PASS" : "FAIL",
            String.valueOf(ms));
        if (options.flag("show")) {
          System.out.println(c.name() + " / " + pipeline + ": " + text(result.reduced()));
        }
      }
    }
    System.out.println(table.toText());
  }

  static ReductionResult<byte[]> run(TextCase c, String pipeline) {
    Reduction<byte[]> reduction =
        Whittle.reduce(SequenceInputs.bytes(c.input()))
            .withAlgorithm(Algorithms.entropyDebugging());
    List<Pass<byte[]>> passes =
        switch (pipeline) {
          case "sequence only" -> List.of();
          case "hdd", "hdd*", "coarse-hdd", "gtr", "gtr*" ->
              List.of(
                  TreePasses.named(
                          pipeline,
                          LenientFormats.auto(),
                          Algorithms.entropyDebugging(),
                          LearnedFilters.none())
                      .orElseThrow());
          default -> TreePasses.forText(LenientFormats.auto(), level);
        };
    if (!passes.isEmpty()) {
      reduction = reduction.withPassesFirst(true);
      for (Pass<byte[]> pass : passes) {
        reduction = reduction.withPass(pass);
      }
    }
    return reduction.run(Oracle.of(c.interesting()));
  }

  static boolean bruteOneMinimal(TextCase c, byte[] result) {
    if (!c.interesting().test(result)) {
      return false;
    }
    for (int i = 0; i < result.length; i++) {
      byte[] smaller = new byte[result.length - 1];
      System.arraycopy(result, 0, smaller, 0, i);
      System.arraycopy(result, i + 1, smaller, i, result.length - i - 1);
      if (c.interesting().test(smaller)) {
        return false;
      }
    }
    return true;
  }
}
