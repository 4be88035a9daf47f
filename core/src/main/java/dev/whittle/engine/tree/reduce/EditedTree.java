package dev.whittle.engine.tree.reduce;

import dev.whittle.engine.tree.SyntaxNode;
import dev.whittle.engine.tree.SyntaxTree;
import dev.whittle.engine.tree.TreeEdit;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A tree with the edits found interesting so far: what a tree pass's candidates are made of (those
 * edits plus the ones a candidate tries), and which nodes are still in the result.
 */
final class EditedTree {
  private final SyntaxTree tree;
  private final Map<SyntaxNode, SyntaxNode> parents = new IdentityHashMap<>();
  private final Map<SyntaxNode, TreeEdit> edits = new IdentityHashMap<>();
  private final Map<SyntaxNode, SyntaxNode> hoisted = new IdentityHashMap<>();

  EditedTree(SyntaxTree tree) {
    this.tree = tree;
    for (SyntaxNode node : tree.preorder()) {
      for (SyntaxNode child : node.children()) {
        parents.put(child, node);
      }
    }
  }

  SyntaxTree tree() {
    return tree;
  }

  SyntaxNode parent(SyntaxNode node) {
    return parents.get(node);
  }

  /** The bytes with the edits so far. */
  byte[] unparse() {
    return tree.unparse(edits);
  }

  /** The bytes with the edits so far and {@code extra} on top (an extra edit wins). */
  byte[] unparseWith(Map<SyntaxNode, TreeEdit> extra) {
    if (extra.isEmpty()) {
      return tree.unparse(edits);
    }
    Map<SyntaxNode, TreeEdit> all = new IdentityHashMap<>(edits);
    all.putAll(extra);
    return tree.unparse(all);
  }

  byte[] unparseWith(SyntaxNode node, TreeEdit edit) {
    return unparseWith(Map.of(node, edit));
  }

  /** The bytes with the edits so far and the deletion of {@code deleted}. */
  byte[] unparseWithout(List<SyntaxNode> deleted) {
    Map<SyntaxNode, TreeEdit> extra = new IdentityHashMap<>();
    for (SyntaxNode node : deleted) {
      extra.put(node, TreeEdit.delete());
    }
    return unparseWith(extra);
  }

  void delete(SyntaxNode node) {
    edits.put(node, TreeEdit.delete());
  }

  void replace(SyntaxNode node, byte[] bytes) {
    edits.put(node, TreeEdit.replaceWith(bytes));
  }

  void hoist(SyntaxNode node, SyntaxNode descendant) {
    edits.put(node, TreeEdit.hoist(descendant));
    hoisted.put(node, descendant);
  }

  /** What stands in {@code node}'s place now: the descendant hoisted into it, or itself. */
  SyntaxNode standing(SyntaxNode node) {
    SyntaxNode at = node;
    while (hoisted.containsKey(at)) {
      at = hoisted.get(at);
    }
    return at;
  }

  /**
   * Whether {@code node}'s bytes are still in the result as its own: no ancestor deleted, no
   * ancestor replaced by a descendant that {@code node} is not inside, itself not edited.
   */
  boolean isAlive(SyntaxNode node) {
    if (edits.containsKey(node)) {
      return false;
    }
    Set<SyntaxNode> path = Collections.newSetFromMap(new IdentityHashMap<>());
    path.add(node);
    for (SyntaxNode at = parents.get(node); at != null; at = parents.get(at)) {
      if (edits.containsKey(at)) {
        SyntaxNode descendant = hoisted.get(at);
        if (descendant == null || !path.contains(descendant)) {
          return false;
        }
      }
      path.add(at);
    }
    return true;
  }
}
