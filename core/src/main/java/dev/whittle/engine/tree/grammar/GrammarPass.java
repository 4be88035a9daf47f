package dev.whittle.engine.tree.grammar;

import com.google.common.collect.ImmutableList;
import dev.whittle.api.ContentTester;
import dev.whittle.api.Pass;
import dev.whittle.engine.sequence.StopCheck;
import dev.whittle.engine.tree.SyntaxTree;
import dev.whittle.engine.tree.TreeSizeLimit;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The fuzzingbook's grammar-based reducer (GRABR, chapter "Reducing Failure-Inducing Inputs") over
 * a user's ANTLR grammar, with its depth-oriented strategy: for every node, top-down, try to
 * replace it by a subtree of the same symbol found inside it (the GTR paper's substitution), then
 * by an alternative expansion of its symbol filled with subtrees found inside it, fewest nodes
 * first; look for those subtrees only at one depth below the node, starting at 0 and going deeper
 * only while nothing shrinks, back to 0 after every success. Every candidate is a whole input
 * derived from the grammar, so a target that rejects invalid input is never asked about garbage.
 *
 * <p>The generative variant (the chapter's exercise 2, "reduction by production") also builds
 * expansions whose symbols the input does not have, filling them with their minimal expansions
 * ({@code 100.99} may become {@code NaN}), and tries a node's own minimal expansion, which is what
 * deleting it in the {@link SyntaxTree} leaves.
 *
 * <p>A candidate is asked only if it is shorter than the best input so far, so every answer shrinks
 * the input and a call ends.
 */
final class GrammarPass implements Pass<byte[]> {
  /** At most this many combinations of fillers are looked at for one expansion. */
  static final int MAX_COMBINATIONS = 10_000;

  private final GrammarTreeBuilder builder;
  private final boolean generative;
  private final LoadedGrammar grammar;
  private final Set<String> rules;

  GrammarPass(GrammarTreeBuilder builder, boolean generative) {
    this.builder = builder;
    this.generative = generative;
    this.grammar = builder.grammar();
    this.rules = new HashSet<>(grammar.ruleNames);
  }

  @Override
  public String name() {
    return generative ? "grammar-generative" : "grammar";
  }

  /** Not to content above the {@linkplain TreeSizeLimit size limit} of trees. */
  @Override
  public boolean appliesTo(byte[] content) {
    return TreeSizeLimit.fits(content);
  }

  @Override
  public byte[] reduce(byte[] current, ContentTester<byte[]> tester) {
    if (!TreeSizeLimit.fits(current)) {
      return current;
    }
    SyntaxTree tree = builder.build(current);
    StopCheck.check(tester); // a large tree takes long to build: the deadline may have passed
    if (tree.root().isLeaf() && !rules.contains(tree.root().kind())) {
      return current; // no parse: nothing the grammar can say
    }
    DerivationSearch search = new DerivationSearch(tester, current);
    Derivation root = Derivation.of(tree, rules, grammar.minimal.whitespaceSkipped);
    search.reduceTree(root);
    return search.best;
  }

  /**
   * One call's search over a derivation: the tester, the derivation being cut down, and the best
   * (shortest interesting) input so far.
   */
  private final class DerivationSearch {
    final ContentTester<byte[]> tester;
    byte[] best;
    Derivation root;

    DerivationSearch(ContentTester<byte[]> tester, byte[] current) {
      this.tester = tester;
      this.best = current;
    }

    void reduceTree(Derivation tree) {
      root = tree;
      int depth = 0;
      while (depth < root.height()) {
        boolean reduced = reduceSubtree(root, depth);
        depth = reduced ? 0 : depth + 1;
      }
    }

    private boolean test() {
      byte[] candidate = root.unparse();
      if (candidate.length >= best.length) {
        return false;
      }
      if (tester.isInteresting(candidate)) {
        best = candidate;
        return true;
      }
      return false;
    }

    boolean reduceSubtree(Derivation subtree, int depth) {
      List<Derivation> children = subtree.children;
      if (children.isEmpty()) {
        return false;
      }
      boolean reduced = false;
      while (true) {
        boolean reducedChild = false;
        for (int i = 0; i < children.size(); i++) {
          Derivation child = children.get(i);
          int size = child.nodes();
          for (Derivation reduction : symbolReductions(child, depth)) {
            if (reduction.nodes() >= size) {
              continue;
            }
            children.set(i, reduction);
            if (test()) {
              reduced = reducedChild = true;
              break;
            }
            children.set(i, child);
          }
        }
        if (!reducedChild) {
          break;
        }
      }
      for (Derivation child : children) {
        if (reduceSubtree(child, depth)) {
          reduced = true;
        }
      }
      return reduced;
    }
  }

  /** Subtrees of {@code tree} with {@code symbol} at exactly {@code depth} below it (any if <0). */
  static List<Derivation> subtreesWithSymbol(Derivation tree, String symbol, int depth) {
    List<Derivation> out = new ArrayList<>();
    collect(tree, symbol, depth, true, out);
    return out;
  }

  private static void collect(
      Derivation tree, String symbol, int depth, boolean ignoreRoot, List<Derivation> out) {
    if (depth <= 0 && !ignoreRoot && tree.symbol.equals(symbol)) {
      out.add(tree);
    }
    if (depth != 0) {
      for (Derivation child : tree.children) {
        collect(child, symbol, depth - 1, false, out);
      }
    }
  }

  /** Subtrees first, then alternative expansions, without duplicates: the chapter's order. */
  List<Derivation> symbolReductions(Derivation tree, int depth) {
    if (tree.text != null || !rules.contains(tree.symbol)) {
      return List.of(); // a token or a generated filler: nothing to expand
    }
    List<Derivation> all = new ArrayList<>(subtreesWithSymbol(tree, tree.symbol, depth));
    all.addAll(alternateReductions(tree, depth));
    if (generative && depth > 0) {
      all.add(Derivation.generated(tree.symbol, minimalBytes(tree.symbol)));
    }
    List<Derivation> unique = new ArrayList<>();
    for (Derivation r : all) {
      if (unique.stream().noneMatch(u -> u.sameAs(r))) {
        unique.add(r);
      }
    }
    return unique;
  }

  /**
   * For each expansion of the node's symbol, fewest symbols first: the first combination of
   * subtrees found inside the node (at {@code depth}) for its symbols that has fewer nodes than the
   * node; the generative variant fills a symbol found nowhere with its minimal expansion.
   */
  List<Derivation> alternateReductions(Derivation tree, int depth) {
    List<Derivation> reductions = new ArrayList<>();
    int size = tree.nodes();
    for (Expansion expansion : grammar.expansions.getOrDefault(tree.symbol, ImmutableList.of())) {
      List<List<Derivation>> options = new ArrayList<>();
      boolean match = true;
      for (Expansion.Symbol symbol : expansion.symbols()) {
        List<Derivation> found = subtreesWithSymbol(tree, symbol.kind(), depth);
        if (found.isEmpty()) {
          // At depth 0 nothing is found anywhere: production waits, as the search for subtrees
          // does, until depth 1, so that what the input has comes first.
          if (!generative || depth == 0) {
            match = false;
            break;
          }
          found =
              List.of(
                  Derivation.generated(
                      symbol.kind(), symbol.minimalText().getBytes(StandardCharsets.UTF_8)));
        }
        options.add(found);
      }
      if (!match) {
        continue;
      }
      int[] pick = new int[options.size()];
      for (int tried = 0; tried < MAX_COMBINATIONS; tried++) {
        List<Derivation> children = new ArrayList<>(pick.length);
        for (int i = 0; i < pick.length; i++) {
          children.add(options.get(i).get(pick[i]).copy());
        }
        Derivation candidate =
            Derivation.expansion(tree.symbol, children, grammar.minimal.whitespaceSkipped);
        if (candidate.nodes() < size) {
          reductions.add(candidate);
          break;
        }
        if (!next(pick, options)) {
          break;
        }
      }
    }
    reductions.sort(Comparator.comparingInt(Derivation::nodes));
    return reductions;
  }

  /**
   * The next combination in the order of the chapter's possible_combinations (last varies fastest).
   */
  private static boolean next(int[] pick, List<List<Derivation>> options) {
    for (int i = pick.length - 1; i >= 0; i--) {
      if (++pick[i] < options.get(i).size()) {
        return true;
      }
      pick[i] = 0;
    }
    return false;
  }

  private byte[] minimalBytes(String rule) {
    int index = grammar.ruleNames.indexOf(rule);
    String text = index < 0 ? null : grammar.minimal.rule(index);
    return (text == null ? "" : text).getBytes(StandardCharsets.UTF_8);
  }
}
