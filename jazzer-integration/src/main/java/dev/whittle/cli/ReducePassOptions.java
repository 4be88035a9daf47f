package dev.whittle.cli;

import dev.whittle.api.Algorithm;
import dev.whittle.api.Algorithms;
import dev.whittle.api.Pass;
import dev.whittle.jazzer.passes.BytePass;
import dev.whittle.jazzer.passes.Pipelines;
import dev.whittle.jazzer.passes.TreePipeline;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The options of {@code whittle reduce} that pick its passes: the byte passes by name, the tree
 * passes by format, grammar and tree algorithm. The passes themselves, and their order, come from
 * the catalogue ({@link Pipelines}, {@link TreePipeline}); this class only declares the options and
 * parses names. The texts of {@code --passes} and {@code --algorithm} name the catalogue's passes,
 * so {@code reduce}'s resource bundle holds them, under {@value #PASSES_KEY} and {@value
 * #ALGORITHM_KEY}.
 */
final class ReducePassOptions {
  static final String PASSES_KEY = "passes";

  static final String ALGORITHM_KEY = "algorithm";

  @Option(
      names = "--passes",
      paramLabel = "LIST",
      completionCandidates = PassNames.class,
      descriptionKey = PASSES_KEY)
  String passes;

  @Option(
      names = "--algorithm",
      paramLabel = "NAME",
      defaultValue = ReduceAlgorithm.DEFAULT,
      converter = ReduceAlgorithm.Converter.class,
      completionCandidates = ReduceAlgorithm.Names.class,
      descriptionKey = ALGORITHM_KEY)
  ReduceAlgorithm algorithm;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = TreePipeline.AUTO,
      completionCandidates = FormatNames.class,
      description =
          "How INPUT is read as a tree for the tree passes: "
              + TreePipeline.FORMAT_NAMES
              + ". auto guesses from the content; on input that does not look like text (a NUL,"
              + " bytes that are not UTF-8) the tree passes wait until the result does, and then"
              + " guess from it. bytes runs no tree pass: the reduction is then the sequence"
              + " algorithm's alone. Trees never re-serialize INPUT: what is kept is INPUT's own"
              + " bytes. Trees are built only of content up to "
              + TreePipeline.MAX_TREE_BYTES
              + " bytes (1 MiB): on a larger INPUT the tree passes wait until the result is that"
              + " small. Only with --granularity bytes. Default: ${DEFAULT-VALUE}.")
  String format;

  @Option(
      names = "--grammar",
      paramLabel = "FILE.g4",
      description =
          "Short for --format grammar:FILE.g4: reduce INPUT as a tree of the ANTLR 4 grammar in"
              + " FILE.g4, loaded at run time; its first parser rule is the start rule.")
  Path grammar;

  @Option(
      names = "--level-algorithm",
      paramLabel = "NAME",
      defaultValue = Algorithms.ENTROPY,
      converter = Converters.AlgorithmConverter.class,
      description =
          "The sequence algorithm that chooses which nodes of one tree level to delete in hdd and"
              + " gtr (ddmin as in the HDD paper, or entropy). Default: ${DEFAULT-VALUE}.")
  Algorithm levelAlgorithm;

  @Option(
      names = "--learn-from",
      paramLabel = "DIR",
      description =
          "With --algorithm gtr or gtr*: learn from the valid inputs in DIR which children every"
              + " node of a kind has (they are not deleted alone) and under which kinds each kind"
              + " occurs (a node is replaced only by a descendant seen in its place).")
  Path learnFrom;

  /** Every name {@code --passes} accepts, for completion and the help text. */
  static final class PassNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return BytePass.names().iterator();
    }
  }

  /** Every name {@code --format} accepts, for completion and the tests. */
  static final class FormatNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return List.of(TreePipeline.FORMAT_NAMES.split(", ")).iterator();
    }
  }

  /** The help text of {@code --passes}, made from the catalogue, so that it names every pass. */
  static String passesHelp() {
    return "Format-generic passes that rewrite INPUT between sweeps of the algorithm, and go first: "
        + describe(Pipelines.bytes())
        + "; and, only when named, "
        + describe(Pipelines.onlyWhenNamed())
        + ". A comma-separated list, run in the order given, or "
        + BytePass.ALL
        + ": "
        + BytePass.list(Pipelines.bytes())
        + ", the byte passes whittle minimize runs on byte[] fuzz targets, in its order. Only with"
        + " --granularity bytes. Default: none.";
  }

  private static String describe(List<BytePass> passes) {
    return passes.stream()
        .map(pass -> pass + " (" + pass.description() + ")")
        .collect(Collectors.joining(", "));
  }

  /** The help text of {@code --algorithm}, naming the default tree passes of the catalogue. */
  static String algorithmHelp() {
    return "One of ${COMPLETION-CANDIDATES}. The sequence algorithms delete items; the tree"
        + " algorithms (hdd, hdd* to a fixpoint, coarse-hdd, gtr, gtr* with substitution by a"
        + " descendant) reduce the tree of --format first, then "
        + ReduceAlgorithm.DEFAULT
        + " makes the result 1-minimal. Default: ${DEFAULT-VALUE}, after fill-all (large text"
        + " set to one filler), the default tree passes ("
        + String.join(", ", TreePipeline.treePassNames())
        + ") and token deletion (tokens: an escape, a word or a number at a time; token-runs:"
        + " runs of up to 16 tokens on small text) when --format finds a tree.";
  }

  /** The byte passes {@code --passes} names, checked before INPUT is read. */
  List<BytePass> bytePasses(Granularity granularity, CommandLine command) {
    if (passes == null) {
      return List.of();
    }
    if (granularity != Granularity.BYTES) {
      throw new ParameterException(
          command, "--passes rewrite bytes; they need --granularity bytes, not " + granularity);
    }
    try {
      return BytePass.parseList(passes);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(command, e.getMessage());
    }
  }

  /**
   * The tree passes of {@code --format} and {@code --algorithm}, and whether they wait for the
   * content to look like text.
   *
   * @param passes none for other granularities than bytes and for {@code --format bytes}; on binary
   *     input, passes that wait until the content looks like text
   * @param waitForText whether {@code --format auto} found INPUT binary (a NUL, bytes that are not
   *     UTF-8): a fuzzer's crash file, on which no tree pass asks anything at first
   */
  record TreePasses(List<Pass<byte[]>> passes, boolean waitForText) {
    static final TreePasses NONE = new TreePasses(List.of(), false);
  }

  /**
   * The tree passes of {@code --format} and {@code --algorithm}: none for other granularities than
   * bytes and for {@code --format bytes}; on binary input, passes that wait until the content looks
   * like text.
   */
  TreePasses treePasses(
      byte[] original, Granularity granularity, CommandLine command, PrintWriter err) {
    String formatName = effectiveFormat(command);
    boolean explicitFormat = !formatName.trim().equalsIgnoreCase(TreePipeline.AUTO);
    if (granularity != Granularity.BYTES) {
      if (explicitFormat || algorithm.tree().isPresent()) {
        throw new ParameterException(
            command,
            "--format and the tree algorithms work on bytes; they need --granularity bytes, not "
                + granularity);
      }
      return TreePasses.NONE;
    }
    if (learnFrom != null && !algorithm.isGtr()) {
      throw new ParameterException(command, "--learn-from is for --algorithm gtr or gtr*");
    }
    Optional<TreePipeline> pipeline;
    try {
      pipeline = TreePipeline.forFormat(formatName, original);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(command, e.getMessage());
    }
    if (pipeline.isEmpty()) {
      return TreePasses.NONE;
    }
    boolean waitForText = pipeline.get().waitsForText();
    if (!waitForText) {
      noteTreeSizeLimit(original.length, err);
    }
    if (algorithm.tree().isEmpty()) {
      return new TreePasses(pipeline.get().defaultPasses(levelAlgorithm), waitForText);
    }
    try {
      return new TreePasses(
          List.of(
              pipeline
                  .get()
                  .named(algorithm.tree().get(), levelAlgorithm, Optional.ofNullable(learnFrom))),
          waitForText);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(command, "--learn-from: " + e.getMessage());
    } catch (UncheckedIOException e) {
      throw new CliException(
          ExitCodes.INPUT_UNREADABLE, "--learn-from: " + e.getMessage() + ": " + e.getCause(), e);
    }
  }

  /** Why the tree passes ask nothing yet: they wait for the content to come below their limit. */
  private static void noteTreeSizeLimit(int length, PrintWriter err) {
    if (length > TreePipeline.MAX_TREE_BYTES) {
      err.println(
          "whittle: INPUT is "
              + length
              + " bytes, more than the "
              + TreePipeline.MAX_TREE_BYTES
              + " bytes the tree passes read as a tree: the tree passes wait until the"
              + " result is that small");
    }
  }

  /**
   * {@code --format}, or {@code grammar:FILE.g4} for {@code --grammar FILE.g4}. Both at once are an
   * error unless they say the same; a grammar file that is not there or not readable is named here,
   * before ANTLR would say it less plainly.
   */
  private String effectiveFormat(CommandLine command) {
    if (grammar == null) {
      return format;
    }
    String alias = TreePipeline.GRAMMAR_PREFIX + grammar;
    boolean formatGiven = command.getParseResult().hasMatchedOption("--format");
    if (formatGiven && !format.trim().equals(alias)) {
      throw new ParameterException(
          command,
          "--grammar "
              + grammar
              + " is short for --format "
              + alias
              + "; it cannot go with --format "
              + format);
    }
    if (!Files.isRegularFile(grammar)) {
      throw new ParameterException(
          command,
          "--grammar "
              + grammar
              + (Files.exists(grammar) ? " is not a file" : " does not exist")
              + "; it names an ANTLR 4 grammar file (.g4)");
    }
    if (!Files.isReadable(grammar)) {
      throw new ParameterException(command, "--grammar " + grammar + " is not readable");
    }
    return alias;
  }
}
