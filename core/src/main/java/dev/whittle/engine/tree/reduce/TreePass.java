package dev.whittle.engine.tree.reduce;

import dev.whittle.api.ContentTester;
import dev.whittle.api.Pass;
import dev.whittle.engine.schedule.DeletionPass;
import dev.whittle.engine.sequence.SequenceAlgorithm;
import dev.whittle.engine.sequence.StopCheck;
import dev.whittle.engine.sequence.Subsequence;
import dev.whittle.engine.tree.SyntaxNode;
import dev.whittle.engine.tree.TreeBuilder;
import dev.whittle.engine.tree.TreeEdit;
import dev.whittle.engine.tree.TreeSizeLimit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The HDD family and GTR over any {@link TreeBuilder}, as a pass: level by level from the root, a
 * algorithm (ddmin, Entropy Debugging) chooses which of the level's nodes to delete, asking the
 * candidates as bytes through the pass's tester; GTR then tries, node by node, to replace each kept
 * node by a smaller descendant (its children, and the nearest descendants of its own kind), keeping
 * the first that stays interesting and trying smaller ones again (the paper's backtracking search).
 * The next level is the children of what was kept.
 *
 * <p>Variants: HDD (one pass), HDD* and GTR* (passes until one deletes nothing), coarse HDD (a
 * first pass over only the nodes whose deletion leaves nothing, then HDD: with the lenient builders
 * every node deletes to nothing, so it differs from HDD only on grammar trees with minimal
 * replacements). A tree whose root has no children (plain bytes) is left alone, without a question.
 */
final class TreePass implements Pass<byte[]>, DeletionPass {
  /** Descendants tried in place of one node, at most. */
  static final int MAX_SUBSTITUTES = 32;

  /**
   * Nodes of at most this many bytes are not offered for deletion: deleting one byte is a question
   * the algorithm after the tree passes asks anyway, about every byte it keeps, so asking it here
   * too buys nothing but calls (a level of one-byte tokens costs one call per kept token).
   */
  static final int MAX_SWEPT_LENGTH = 1;

  private final String name;
  private final TreeBuilder builder;
  private final Supplier<SequenceAlgorithm> listAlgorithm;
  private final boolean coarseFirst;
  private final boolean substitute;
  private final boolean fixpoint;
  private final LearnedFilters filters;
  private boolean onlyDeleted;

  TreePass(
      String name,
      TreeBuilder builder,
      Supplier<SequenceAlgorithm> listAlgorithm,
      boolean coarseFirst,
      boolean substitute,
      boolean fixpoint,
      LearnedFilters filters) {
    this.name = name;
    this.builder = builder;
    this.listAlgorithm = listAlgorithm;
    this.coarseFirst = coarseFirst;
    this.substitute = substitute;
    this.fixpoint = fixpoint;
    this.filters = filters;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public boolean lastTurnOnlyDeleted() {
    return onlyDeleted;
  }

  /** Not to content above the {@linkplain TreeSizeLimit size limit} of trees. */
  @Override
  public boolean appliesTo(byte[] content) {
    return TreeSizeLimit.fits(content);
  }

  @Override
  public byte[] reduce(byte[] current, ContentTester<byte[]> tester) {
    onlyDeleted = TreeSizeLimit.fits(current);
    if (!onlyDeleted) {
      return current;
    }
    byte[] best = current;
    while (true) {
      byte[] before = best;
      if (coarseFirst) {
        best = pass(best, tester, true);
      }
      best = pass(best, tester, false);
      if (!fixpoint || best.length >= before.length) {
        return best;
      }
    }
  }

  /** One pass over every level; {@code current} itself when nothing changed. */
  private byte[] pass(byte[] current, ContentTester<byte[]> tester, boolean coarse) {
    EditedTree tree = new EditedTree(builder.build(current));
    StopCheck.check(tester); // a large tree takes long to build: the deadline may have passed
    if (tree.tree().root().isLeaf()) {
      return current;
    }
    onlyDeleted &= TreeEdits.deleteToNothing(tree.tree());
    boolean changed = false;
    List<SyntaxNode> level = List.of(tree.tree().root());
    while (!level.isEmpty()) {
      StopCheck.check(tester);
      changed |= deleteFrom(tree, level, tester, coarse);
      if (substitute && !coarse) {
        for (SyntaxNode node : level) {
          if (tree.isAlive(node)) {
            changed |= substitute(tree, node, tester);
          }
        }
      }
      List<SyntaxNode> next = new ArrayList<>();
      for (SyntaxNode node : level) {
        if (tree.isAlive(node) || tree.standing(node) != node) {
          next.addAll(tree.standing(node).children());
        }
      }
      level = next;
    }
    return changed ? tree.unparse() : current;
  }

  private boolean deleteFrom(
      EditedTree tree, List<SyntaxNode> level, ContentTester<byte[]> tester, boolean coarse) {
    List<SyntaxNode> deletable = new ArrayList<>();
    for (SyntaxNode node : level) {
      if (tree.isAlive(node)
          && node.length() > MAX_SWEPT_LENGTH
          && (!coarse || node.deletesToNothing())
          && filters.mayDelete(tree.parent(node), node)) {
        deletable.add(node);
      }
    }
    if (deletable.isEmpty()) {
      return false;
    }
    LevelTester levelTester = new LevelTester(tree, deletable, tester);
    Subsequence kept = listAlgorithm.get().reduce(Subsequence.full(deletable.size()), levelTester);
    List<SyntaxNode> deleted = levelTester.deleted(kept);
    for (SyntaxNode node : deleted) {
      tree.delete(node);
    }
    return !deleted.isEmpty();
  }

  /** Replaces {@code node} by the smallest descendant that keeps the result interesting. */
  private boolean substitute(EditedTree tree, SyntaxNode node, ContentTester<byte[]> tester) {
    List<SyntaxNode> substitutes = substitutes(node, tree.parent(node));
    SyntaxNode standing = node;
    boolean improved = true;
    boolean changed = false;
    while (improved) {
      improved = false;
      List<SyntaxNode> smaller = new ArrayList<>();
      List<byte[]> candidates = new ArrayList<>();
      for (SyntaxNode candidate : substitutes) {
        if (candidate.length() < standing.length()) {
          smaller.add(candidate);
          candidates.add(tree.unparseWith(node, TreeEdit.hoist(candidate)));
        }
      }
      int first = Questions.firstInteresting(tester, candidates);
      if (first >= 0) {
        standing = smaller.get(first);
        tree.hoist(node, standing);
        improved = true;
        changed = true;
      }
    }
    return changed;
  }

  /**
   * The descendants that may stand in {@code node}'s place, in document order: its children and the
   * nearest descendants of its own kind, of which the corpus allows the context.
   */
  private List<SyntaxNode> substitutes(SyntaxNode node, SyntaxNode parent) {
    Set<SyntaxNode> found = Collections.newSetFromMap(new IdentityHashMap<>());
    List<SyntaxNode> out = new ArrayList<>();
    collect(node, node.kind(), true, found);
    for (SyntaxNode candidate : orderedByStart(found)) {
      if (candidate.length() > 0 && filters.mayStandIn(parent, candidate)) {
        out.add(candidate);
      }
      if (out.size() == MAX_SUBSTITUTES) {
        break;
      }
    }
    return out;
  }

  private static void collect(SyntaxNode at, String kind, boolean top, Set<SyntaxNode> found) {
    for (SyntaxNode child : at.children()) {
      if (top || child.kind().equals(kind)) {
        found.add(child);
      }
      if (!child.kind().equals(kind) && found.size() < 4 * MAX_SUBSTITUTES) {
        collect(child, kind, false, found);
      }
    }
  }

  private static List<SyntaxNode> orderedByStart(Set<SyntaxNode> nodes) {
    List<SyntaxNode> out = new ArrayList<>(nodes);
    out.sort((a, b) -> a.start() != b.start() ? a.start() - b.start() : b.end() - a.end());
    return out;
  }
}
