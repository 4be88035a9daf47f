package dev.whittle.engine.tree.lenient;

import dev.whittle.engine.tree.SyntaxNode;
import dev.whittle.engine.tree.SyntaxTree;
import java.nio.charset.StandardCharsets;

/** A tree as one line of text, for exact-tree assertions: leaves with their bytes. */
final class TreeText {
  private TreeText() {}

  static String of(SyntaxTree tree) {
    StringBuilder out = new StringBuilder();
    append(tree, tree.root(), out);
    return out.toString();
  }

  private static void append(SyntaxTree tree, SyntaxNode node, StringBuilder out) {
    out.append(node.kind());
    if (node.isLeaf()) {
      out.append('\'').append(new String(tree.bytesOf(node), StandardCharsets.UTF_8)).append('\'');
      return;
    }
    out.append('(');
    for (int i = 0; i < node.children().size(); i++) {
      if (i > 0) {
        out.append(' ');
      }
      append(tree, node.children().get(i), out);
    }
    out.append(')');
  }
}
