package dev.whittle.engine.tree.grammar;

import dev.whittle.engine.tree.SyntaxNode;
import dev.whittle.engine.tree.SyntaxTree;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Optional;

/** The test grammars in src/test/resources/grammars, and a readable rendering of trees. */
final class GrammarFixtures {
  private GrammarFixtures() {}

  static Path grammarFile(String name) {
    try {
      return Path.of(GrammarFixtures.class.getResource("/grammars/" + name).toURI());
    } catch (URISyntaxException | NullPointerException e) {
      throw new IllegalStateException("no test grammar " + name, e);
    }
  }

  static GrammarTreeBuilder expr() {
    return GrammarTreeBuilder.load(grammarFile("Expr.g4"), Optional.empty());
  }

  static GrammarTreeBuilder json() {
    return GrammarTreeBuilder.load(grammarFile("JSON.g4"), Optional.empty());
  }

  /** The tree as nested kinds with their source text, e.g. {@code expr(term(...) ' + ' ...)}. */
  static String render(SyntaxTree tree) {
    StringBuilder out = new StringBuilder();
    render(tree, tree.root(), out);
    return out.toString();
  }

  private static void render(SyntaxTree tree, SyntaxNode node, StringBuilder out) {
    if (node.isLeaf()) {
      out.append(node.kind())
          .append('"')
          .append(new String(tree.bytesOf(node), java.nio.charset.StandardCharsets.UTF_8))
          .append('"');
      return;
    }
    out.append(node.kind()).append('(');
    for (int i = 0; i < node.children().size(); i++) {
      if (i > 0) {
        out.append(' ');
      }
      render(tree, node.children().get(i), out);
    }
    out.append(')');
  }
}
