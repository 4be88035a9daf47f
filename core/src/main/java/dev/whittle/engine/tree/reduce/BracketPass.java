package dev.whittle.engine.tree.reduce;

import dev.whittle.api.ContentTester;
import dev.whittle.api.Pass;
import dev.whittle.engine.schedule.DeletionPass;
import dev.whittle.engine.sequence.StopCheck;
import dev.whittle.engine.tree.SyntaxNode;
import dev.whittle.engine.tree.TreeBuilder;
import dev.whittle.engine.tree.TreeEdit;
import dev.whittle.engine.tree.TreeSizeLimit;
import java.util.ArrayList;
import java.util.List;

/**
 * Passes over bracketed nodes (a pair of brackets, an element with its tags: any node with a {@code
 * content} child) that pay off on text: hollow (empty the contents), lift (put an inner pair in the
 * pair's place), debracket (drop the brackets, keep the contents), to-zero (an empty pair of
 * one-byte brackets, {@code []}, <code>{}</code> or {@code ()}, becomes {@code 0}, as C-Vise's
 * balanced pass does: where the syntax wants a value, the shortest value is one byte, and deleting
 * cannot reach it). Outermost first, each interesting edit kept, rounds until one changes nothing.
 */
final class BracketPass implements Pass<byte[]>, DeletionPass {
  enum Kind {
    HOLLOW,
    LIFT,
    DEBRACKET,
    TO_ZERO
  }

  private static final byte[] ZERO = {'0'};

  /** Rounds over the tree at most: each one that changes something rebuilds it. */
  static final int MAX_ROUNDS = 8;

  /** Inner pairs tried in place of one pair, at most. */
  static final int MAX_INNER = 32;

  private final Kind kind;
  private final TreeBuilder builder;
  private boolean onlyDeleted;

  BracketPass(Kind kind, TreeBuilder builder) {
    this.kind = kind;
    this.builder = builder;
  }

  @Override
  public String name() {
    return switch (kind) {
      case HOLLOW -> "hollow";
      case LIFT -> "lift";
      case DEBRACKET -> "debracket";
      case TO_ZERO -> "to-zero";
    };
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
    onlyDeleted = kind != Kind.TO_ZERO && TreeSizeLimit.fits(current);
    if (!TreeSizeLimit.fits(current)) {
      return current;
    }
    byte[] best = current;
    for (int round = 0; round < MAX_ROUNDS; round++) {
      byte[] next = round(best, tester);
      if (next == best) {
        break;
      }
      best = next;
    }
    return best;
  }

  private byte[] round(byte[] current, ContentTester<byte[]> tester) {
    EditedTree tree = new EditedTree(builder.build(current));
    StopCheck.check(tester); // a large tree takes long to build: the deadline may have passed
    onlyDeleted &= TreeEdits.deleteToNothing(tree.tree());
    boolean changed = false;
    for (SyntaxNode node : tree.tree().preorder()) {
      if (kind == Kind.TO_ZERO) {
        changed |= isEmptyPair(current, node) && tree.isAlive(node) && toZero(tree, node, tester);
        continue;
      }
      SyntaxNode content = content(node);
      if (content == null || !tree.isAlive(node)) {
        continue;
      }
      changed |=
          switch (kind) {
            case HOLLOW -> hollow(tree, content, tester);
            case DEBRACKET -> debracket(tree, node, content, tester);
            case LIFT -> lift(tree, node, content, tester);
            case TO_ZERO -> false;
          };
    }
    return changed ? tree.unparse() : current;
  }

  private static boolean hollow(EditedTree tree, SyntaxNode content, ContentTester<byte[]> tester) {
    if (content.length() == 0 || !tree.isAlive(content)) {
      return false;
    }
    if (tester.isInteresting(tree.unparseWith(content, TreeEdit.delete()))) {
      tree.delete(content);
      return true;
    }
    return false;
  }

  /** A pair of one-byte brackets with nothing inside (the builders give it no content node). */
  private static boolean isEmptyPair(byte[] current, SyntaxNode node) {
    if (node.length() != 2 || !node.children().isEmpty()) {
      return false;
    }
    byte open = current[node.start()];
    byte close = current[node.start() + 1];
    return (open == '[' && close == ']')
        || (open == '{' && close == '}')
        || (open == '(' && close == ')');
  }

  private static boolean toZero(EditedTree tree, SyntaxNode node, ContentTester<byte[]> tester) {
    if (tester.isInteresting(tree.unparseWith(node, TreeEdit.replaceWith(ZERO)))) {
      tree.replace(node, ZERO);
      return true;
    }
    return false;
  }

  private static boolean debracket(
      EditedTree tree, SyntaxNode node, SyntaxNode content, ContentTester<byte[]> tester) {
    if (content.length() == node.length()) {
      return false;
    }
    if (tester.isInteresting(tree.unparseWith(node, TreeEdit.hoist(content)))) {
      tree.hoist(node, content);
      return true;
    }
    return false;
  }

  private static boolean lift(
      EditedTree tree, SyntaxNode node, SyntaxNode content, ContentTester<byte[]> tester) {
    List<SyntaxNode> inner = new ArrayList<>();
    collectPairs(content, inner);
    List<byte[]> candidates = new ArrayList<>();
    for (SyntaxNode pair : inner) {
      candidates.add(tree.unparseWith(node, TreeEdit.hoist(pair)));
    }
    int first = Questions.firstInteresting(tester, candidates);
    if (first < 0) {
      return false;
    }
    tree.hoist(node, deepestInChain(tree, node, chainFrom(inner.get(first)), tester));
    return true;
  }

  /**
   * The deepest pair of {@code chain} whose hoisting in {@code node}'s place is interesting, the
   * first one being known to be: galloping down the chain (1, 2, 4... pairs deeper) and bisecting
   * the last step. A nesting with a hundred levels more than the failure needs (a stack overflow
   * found deep) loses them in about fifteen questions instead of a hundred, one per level. Where
   * the next pair fails, as on most inputs, that one question is the one the next visit would ask
   * anyway (it hoists the same pair into the same place).
   */
  private static SyntaxNode deepestInChain(
      EditedTree tree, SyntaxNode node, List<SyntaxNode> chain, ContentTester<byte[]> tester) {
    int interesting = 0;
    int failing = chain.size();
    for (int step = 1; interesting + step < chain.size(); step *= 2) {
      if (!hoisting(tree, node, chain.get(interesting + step), tester)) {
        failing = interesting + step;
        break;
      }
      interesting += step;
    }
    while (failing - interesting > 1) {
      int middle = (interesting + failing) >>> 1;
      if (hoisting(tree, node, chain.get(middle), tester)) {
        interesting = middle;
      } else {
        failing = middle;
      }
    }
    return chain.get(interesting);
  }

  private static boolean hoisting(
      EditedTree tree, SyntaxNode node, SyntaxNode pair, ContentTester<byte[]> tester) {
    return tester.isInteresting(tree.unparseWith(node, TreeEdit.hoist(pair)));
  }

  /** {@code pair}, then while a pair's contents hold exactly one bracketed node, that node. */
  private static List<SyntaxNode> chainFrom(SyntaxNode pair) {
    List<SyntaxNode> chain = new ArrayList<>();
    chain.add(pair);
    List<SyntaxNode> inner = new ArrayList<>();
    for (SyntaxNode at = pair; ; at = inner.get(0)) {
      inner.clear();
      collectPairs(content(at), inner);
      if (inner.size() != 1) {
        return chain;
      }
      chain.add(inner.get(0));
    }
  }

  /** The outermost bracketed nodes inside {@code at}, in document order. */
  private static void collectPairs(SyntaxNode at, List<SyntaxNode> out) {
    for (SyntaxNode child : at.children()) {
      if (out.size() >= MAX_INNER) {
        return;
      }
      if (content(child) != null) {
        out.add(child);
      } else {
        collectPairs(child, out);
      }
    }
  }

  /** The {@code content} child of a bracketed node, or null for any other node. */
  static SyntaxNode content(SyntaxNode node) {
    for (SyntaxNode child : node.children()) {
      if (child.kind().equals("content")) {
        return child;
      }
    }
    return null;
  }
}
