package dev.whittle.engine.tree;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * What a reducer does to one node of a candidate: delete it (leaving its {@linkplain
 * SyntaxNode#replacement() replacement}), put fixed bytes in its place, or hoist one of its
 * descendants into its place (the GTR paper's substitute-by-child, the grammar pass's replacement
 * by a smaller subtree of the same nonterminal).
 */
@API(status = INTERNAL, since = "0.1")
public abstract sealed class TreeEdit {
  private TreeEdit() {}

  /** The node goes; its replacement, usually nothing, stands in its place. */
  public static TreeEdit delete() {
    return Delete.INSTANCE;
  }

  /** {@code bytes} stand in the node's place. */
  public static TreeEdit replaceWith(byte[] bytes) {
    checkNotNull(bytes, "bytes");
    return new Replace(bytes.clone());
  }

  /**
   * The descendant stands in the node's place, with the edits made inside the descendant; the
   * descendant MUST lie inside the edited node ({@link SyntaxTree#unparse} checks it).
   */
  public static TreeEdit hoist(SyntaxNode descendant) {
    checkNotNull(descendant, "descendant");
    return new Hoist(descendant);
  }

  static final class Delete extends TreeEdit {
    static final Delete INSTANCE = new Delete();

    @Override
    public String toString() {
      return "delete";
    }
  }

  static final class Replace extends TreeEdit {
    final byte[] bytes;

    Replace(byte[] bytes) {
      this.bytes = bytes;
    }

    @Override
    public String toString() {
      return "replace with " + bytes.length + " bytes";
    }
  }

  static final class Hoist extends TreeEdit {
    final SyntaxNode descendant;

    Hoist(SyntaxNode descendant) {
      this.descendant = descendant;
    }

    @Override
    public String toString() {
      return "hoist " + descendant;
    }
  }
}
