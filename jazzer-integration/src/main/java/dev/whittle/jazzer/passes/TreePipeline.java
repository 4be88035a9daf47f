package dev.whittle.jazzer.passes;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.Algorithm;
import dev.whittle.api.Algorithms;
import dev.whittle.api.Pass;
import dev.whittle.engine.passes.text.TextPasses;
import dev.whittle.engine.tree.TreeBuilder;
import dev.whittle.engine.tree.TreeSizeLimit;
import dev.whittle.engine.tree.grammar.GrammarPasses;
import dev.whittle.engine.tree.grammar.GrammarTreeBuilder;
import dev.whittle.engine.tree.lenient.LenientFormats;
import dev.whittle.engine.tree.reduce.LearnedFilters;
import dev.whittle.engine.tree.reduce.TreePasses;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The tree passes of a text input in one format, the pipeline of {@code whittle reduce}: the one
 * place where a format name becomes a tree, and a tree algorithm's name, a grammar or a directory
 * of valid inputs to learn from become passes. {@value #AUTO} picks a lenient format by the input's
 * content; on input that does not look like text, the passes pick it by the current content and
 * apply only once that looks like text, as {@code whittle minimize}'s do: Jazzer's crash files
 * often hold a NUL or a byte that is not UTF-8, which the algorithm's first deletions take out.
 * {@code bytes} means no tree passes.
 */
@API(status = INTERNAL, since = "0.1")
public final class TreePipeline {
  public static final String AUTO = "auto";
  public static final String GRAMMAR_PREFIX = "grammar:";

  /** The format names, for help texts (a constant for annotations; a test holds it to core's). */
  public static final String FORMAT_NAMES =
      "auto, json, xml, html, yaml, csv, brackets, lines, bytes, grammar:FILE.g4";

  /** The tree algorithms that can be named instead of the default tree passes. */
  public static final List<String> ALGORITHMS = List.of("hdd", "hdd*", "coarse-hdd", "gtr", "gtr*");

  /** Content larger than this is not read as a tree: the tree passes wait until it is smaller. */
  public static final int MAX_TREE_BYTES = TreeSizeLimit.MAX_BYTES;

  private final TreeBuilder builder;

  /** Whether the passes wait until the content looks like text (input that did not, at first). */
  private final boolean textOnly;

  private TreePipeline(TreeBuilder builder) {
    this(builder, false);
  }

  private TreePipeline(TreeBuilder builder, boolean textOnly) {
    this.builder = builder;
    this.textOnly = textOnly;
  }

  /** The names of the tree passes a text input gets by default, in their order. */
  public static List<String> defaultPassNames() {
    return textPasses(LenientFormats.auto(), Algorithms.defaultAlgorithm()).stream()
        .map(Pass::name)
        .toList();
  }

  /** The tree passes alone, which {@code whittle minimize} runs too, in their order. */
  public static List<String> treePassNames() {
    return TreePasses.forText(LenientFormats.auto(), Algorithms.defaultAlgorithm()).stream()
        .map(Pass::name)
        .toList();
  }

  /**
   * Large text made uniform ({@code fill-all}), the tree passes for text, then token deletion, one
   * token and runs of tokens: C-Vise deletes a lexical token at a time and runs of them, and an
   * escape such as {@code \b} goes only as a whole, two alternatives of a regular expression only
   * together, which neither the tree passes (a token is a leaf) nor one-byte deletions take out.
   * The filler goes first: a crash bound by its length or line structure rather than its content (a
   * buffer boundary) then loses its content in a few questions, and the deletions after it ask
   * about uniform text, whose many equal candidates the cache answers. Only {@code reduce}'s: a
   * test run there is a JVM or a process, where a few more questions are cheap beside what they
   * save.
   */
  private static List<Pass<byte[]>> textPasses(TreeBuilder builder, Algorithm algorithm) {
    List<Pass<byte[]>> passes = new ArrayList<>();
    passes.add(TextPasses.fillAll());
    passes.addAll(TreePasses.forText(builder, algorithm));
    passes.add(TextPasses.tokens());
    passes.add(TextPasses.tokenRuns());
    return passes;
  }

  /**
   * The pipeline of the format {@code format} names for {@code original}, or empty where no tree
   * applies.
   *
   * @throws IllegalArgumentException for an unknown format, or one this build cannot provide, or a
   *     grammar ANTLR refuses or cannot read (naming the file)
   */
  public static Optional<TreePipeline> forFormat(String format, byte[] original) {
    String name = format.trim();
    if (name.regionMatches(true, 0, GRAMMAR_PREFIX, 0, GRAMMAR_PREFIX.length())) {
      Path grammar = Path.of(name.substring(GRAMMAR_PREFIX.length()));
      return Optional.of(new TreePipeline(GrammarTreeBuilder.load(grammar, Optional.empty())));
    }
    name = name.toLowerCase(Locale.ROOT);
    if (name.equals(AUTO)) {
      if (!LenientFormats.looksLikeText(original)) {
        return Optional.of(new TreePipeline(LenientFormats.auto(), true));
      }
      TreeBuilder detected = LenientFormats.detect(original);
      return detected.name().equals("bytes")
          ? Optional.empty()
          : Optional.of(new TreePipeline(detected));
    }
    if (name.equals("bytes")) {
      return Optional.empty();
    }
    return Optional.of(
        new TreePipeline(
            LenientFormats.named(name)
                .orElseThrow(
                    () ->
                        new IllegalArgumentException(
                            "unknown --format '" + format + "'; known: " + FORMAT_NAMES))));
  }

  /**
   * The default tree passes; a grammar's trees get the fuzzingbook's grammar passes first, which
   * replace a subtree by a smaller one of the same rule or by its minimal expansion: what deletion
   * alone cannot do without breaking the grammar.
   */
  public List<Pass<byte[]>> defaultPasses(Algorithm levelAlgorithm) {
    if (!(builder instanceof GrammarTreeBuilder grammar)) {
      return whenText(textPasses(builder, levelAlgorithm));
    }
    List<Pass<byte[]>> passes = new ArrayList<>(GrammarPasses.forBuilder(grammar));
    passes.addAll(textPasses(builder, levelAlgorithm));
    return passes;
  }

  /**
   * The tree algorithm {@code name} (one of {@link #ALGORITHMS}), {@code levelAlgorithm} choosing
   * the deletions of each level; a GTR learns from the valid inputs in {@code learnFrom}, if given,
   * which children every node of a kind has and under which kinds each kind occurs.
   *
   * @throws IllegalArgumentException if {@code learnFrom} holds no input the format reads
   * @throws java.io.UncheckedIOException if {@code learnFrom} cannot be read
   */
  public Pass<byte[]> named(String name, Algorithm levelAlgorithm, Optional<Path> learnFrom) {
    LearnedFilters filters =
        learnFrom.map(dir -> LearnedFilters.learn(builder, dir)).orElse(LearnedFilters.none());
    Pass<byte[]> pass =
        TreePasses.named(name, builder, levelAlgorithm, filters)
            .orElseThrow(() -> new IllegalStateException("unknown tree algorithm '" + name + "'"));
    return textOnly ? new TextOnlyPass(pass) : pass;
  }

  /** Whether the passes wait until the content looks like text: the input did not, at first. */
  public boolean waitsForText() {
    return textOnly;
  }

  private List<Pass<byte[]>> whenText(List<Pass<byte[]>> passes) {
    return textOnly ? passes.stream().<Pass<byte[]>>map(TextOnlyPass::new).toList() : passes;
  }
}
