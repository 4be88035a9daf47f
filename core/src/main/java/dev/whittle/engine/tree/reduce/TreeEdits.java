package dev.whittle.engine.tree.reduce;

import dev.whittle.engine.tree.SyntaxNode;
import dev.whittle.engine.tree.SyntaxTree;

/** What edits of a tree can do to its bytes. */
final class TreeEdits {
  private TreeEdits() {}

  /**
   * Whether every node of {@code tree} deletes to nothing, so that deleting and hoisting only leave
   * bytes out (a grammar's nodes MAY have a minimal replacement, which puts bytes in).
   */
  static boolean deleteToNothing(SyntaxTree tree) {
    for (SyntaxNode node : tree.preorder()) {
      if (!node.deletesToNothing()) {
        return false;
      }
    }
    return true;
  }
}
