package dev.whittle.engine.tree.grammar;

import dev.whittle.engine.tree.SyntaxNode;
import dev.whittle.engine.tree.SyntaxTree;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The grammar pass's working copy of a derivation tree, the fuzzingbook's {@code (symbol,
 * children)}: replacing a child by a smaller subtree of the same symbol (the GTR paper's
 * substitution, a {@code TreeEdit.hoist}) or by a new expansion of its symbol (which the input
 * never had, so no edit of the {@link SyntaxTree} can say it) changes the list of children in
 * place, and the next candidate is the whole tree's bytes.
 *
 * <p>A node from the source keeps the source's bytes between its children (whitespace, comments,
 * what error recovery left over), so that unparsing an unchanged tree gives the source back. A new
 * node has no such bytes; its children are joined the way minimal texts are, with a space only
 * where two words would otherwise run into one token.
 */
final class Derivation {
  final String symbol;

  /** Token text or a generated minimal text; null for a rule node. */
  final byte[] text;

  final ArrayList<Derivation> children;

  /** The source's bytes before each child and after the last; null for a new node. */
  private final byte[][] gaps;

  /** Whether a new node puts a space between two words (the grammar skips whitespace). */
  private final boolean spaceWords;

  private Derivation(
      String symbol, byte[] text, List<Derivation> children, byte[][] gaps, boolean spaceWords) {
    this.symbol = symbol;
    this.text = text;
    this.children = new ArrayList<>(children);
    this.gaps = gaps;
    this.spaceWords = spaceWords;
  }

  /** The derivation of {@code tree}, whose kinds name tokens unless {@code rules} has them. */
  static Derivation of(SyntaxTree tree, java.util.Set<String> rules, boolean spaceWords) {
    return of(tree.source(), tree.root(), rules, spaceWords);
  }

  private static Derivation of(
      byte[] source, SyntaxNode node, java.util.Set<String> rules, boolean spaceWords) {
    if (node.isLeaf() && !rules.contains(node.kind())) {
      return new Derivation(
          node.kind(),
          Arrays.copyOfRange(source, node.start(), node.end()),
          List.of(),
          null,
          spaceWords);
    }
    List<SyntaxNode> flat = new ArrayList<>();
    inline(node, flat);
    List<Derivation> children = new ArrayList<>();
    byte[][] gaps = new byte[flat.size() + 1][];
    int at = node.start();
    for (int i = 0; i < flat.size(); i++) {
      SyntaxNode child = flat.get(i);
      gaps[i] = Arrays.copyOfRange(source, at, child.start());
      children.add(of(source, child, rules, spaceWords));
      at = child.end();
    }
    gaps[gaps.length - 1] = Arrays.copyOfRange(source, at, node.end());
    return new Derivation(node.kind(), null, children, gaps, spaceWords);
  }

  /**
   * The children of {@code node} as the grammar derives them: the builder's optional-part nodes
   * (for HDD's deletions) are no symbols of the grammar, so their children count as the rule's.
   */
  private static void inline(SyntaxNode node, List<SyntaxNode> out) {
    for (SyntaxNode child : node.children()) {
      if (child.kind().equals(GrammarTreeBuilder.OPTIONAL)) {
        inline(child, out);
      } else {
        out.add(child);
      }
    }
  }

  /** A new rule node over {@code children}. */
  static Derivation expansion(String symbol, List<Derivation> children, boolean spaceWords) {
    return new Derivation(symbol, null, children, null, spaceWords);
  }

  /** A new leaf standing for {@code symbol}: its minimal text (the generative reducer's filler). */
  static Derivation generated(String symbol, byte[] text) {
    return new Derivation(symbol, text, List.of(), null, false);
  }

  boolean isLeaf() {
    return children.isEmpty();
  }

  /** A copy that shares nothing mutable, so that one subtree may stand in two places. */
  Derivation copy() {
    List<Derivation> copied = new ArrayList<>(children.size());
    for (Derivation child : children) {
      copied.add(child.copy());
    }
    return new Derivation(symbol, text, copied, gaps, spaceWords);
  }

  int nodes() {
    int n = 1;
    for (Derivation child : children) {
      n += child.nodes();
    }
    return n;
  }

  int height() {
    int h = 0;
    for (Derivation child : children) {
      h = Math.max(h, child.height());
    }
    return h + 1;
  }

  byte[] unparse() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    write(out);
    return out.toByteArray();
  }

  private void write(ByteArrayOutputStream out) {
    if (text != null) {
      out.writeBytes(text);
      return;
    }
    if (gaps != null) {
      for (int i = 0; i < children.size(); i++) {
        out.writeBytes(gaps[i]);
        children.get(i).write(out);
      }
      out.writeBytes(gaps[gaps.length - 1]);
      return;
    }
    for (Derivation child : children) {
      byte[] part = child.unparse();
      byte[] sofar = out.toByteArray();
      if (spaceWords
          && sofar.length > 0
          && part.length > 0
          && isWordByte(sofar[sofar.length - 1])
          && isWordByte(part[0])) {
        out.write(' ');
      }
      out.writeBytes(part);
    }
  }

  private static boolean isWordByte(byte b) {
    return (b & 0x80) != 0 || MinimalText.isWord(b);
  }

  /** Same symbol and the same text: the fuzzingbook's duplicate test on reductions. */
  boolean sameAs(Derivation other) {
    return symbol.equals(other.symbol)
        && nodes() == other.nodes()
        && Arrays.equals(unparse(), other.unparse());
  }

  @Override
  public String toString() {
    return symbol + ":" + new String(unparse(), java.nio.charset.StandardCharsets.UTF_8);
  }
}
