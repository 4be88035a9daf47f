package dev.whittle.engine.tree.reduce;

import dev.whittle.api.ContentTester;
import dev.whittle.api.ValueReducer;
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
 * pair's place), debracket (drop the brackets, keep the contents). Outermost first, each
 * interesting edit kept, rounds until one changes nothing.
 */
final class BracketPass implements ValueReducer<byte[]>, DeletionPass {
  enum Kind {
    HOLLOW,
    LIFT,
    DEBRACKET
  }

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
    onlyDeleted = TreeSizeLimit.fits(current);
    if (!onlyDeleted) {
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
      SyntaxNode content = content(node);
      if (content == null || !tree.isAlive(node)) {
        continue;
      }
      changed |=
          switch (kind) {
            case HOLLOW -> hollow(tree, content, tester);
            case DEBRACKET -> debracket(tree, node, content, tester);
            case LIFT -> lift(tree, node, content, tester);
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
    tree.hoist(node, inner.get(first));
    return true;
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
