package dev.whittle.engine.tree;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import com.google.common.collect.ImmutableList;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * A tree over an input's bytes: the seam between tree builders (lenient formats, ANTLR grammars)
 * and tree passes (HDD, GTR, the grammar pass, bracket passes). Passes ask the same oracle loop as
 * every other reducer, through {@code Pass<byte[]>}: they turn a set of {@link TreeEdit}s into
 * bytes with {@link #unparse(Map)} and ask whether those are interesting.
 *
 * <p>Unparsing copies the source's own bytes for everything kept, so the tree never re-serializes
 * anything: without edits it gives back the source exactly.
 */
@API(status = INTERNAL, since = "0.1")
public final class SyntaxTree {
  private final byte[] source;
  private final SyntaxNode root;

  private SyntaxTree(byte[] source, SyntaxNode root) {
    this.source = source;
    this.root = root;
  }

  /**
   * @throws IllegalArgumentException if the root does not span the whole source
   */
  public static SyntaxTree of(byte[] source, SyntaxNode root) {
    checkNotNull(source, "source");
    checkNotNull(root, "root");
    checkArgument(
        root.start() == 0 && root.end() == source.length,
        "the root %s must span the whole source of %s bytes",
        root,
        source.length);
    return new SyntaxTree(source.clone(), root);
  }

  /** A tree of one node over the whole input: what every builder falls back to. */
  public static SyntaxTree flat(byte[] source) {
    return of(source, SyntaxNode.of("bytes", 0, source.length, List.of()));
  }

  public SyntaxNode root() {
    return root;
  }

  /** The source bytes of {@code node}'s span, with no edits. */
  public byte[] bytesOf(SyntaxNode node) {
    byte[] out = new byte[node.length()];
    System.arraycopy(source, node.start(), out, 0, out.length);
    return out;
  }

  /** The source itself. */
  public byte[] source() {
    return source.clone();
  }

  /** The nodes at {@code depth} (the root is at 0), left to right: one level for HDD. */
  public List<SyntaxNode> level(int depth) {
    checkArgument(depth >= 0, "depth must not be negative, was %s", depth);
    List<SyntaxNode> current = List.of(root);
    for (int d = 0; d < depth && !current.isEmpty(); d++) {
      List<SyntaxNode> next = new ArrayList<>();
      for (SyntaxNode node : current) {
        next.addAll(node.children());
      }
      current = next;
    }
    return ImmutableList.copyOf(current);
  }

  /** Every node, parents before their children, left to right. */
  public List<SyntaxNode> preorder() {
    List<SyntaxNode> out = new ArrayList<>();
    collect(root, out);
    return ImmutableList.copyOf(out);
  }

  private static void collect(SyntaxNode node, List<SyntaxNode> out) {
    out.add(node);
    for (SyntaxNode child : node.children()) {
      collect(child, out);
    }
  }

  /** The source with no edits. */
  public byte[] unparse() {
    return source.clone();
  }

  /**
   * The bytes of the tree with {@code edits} applied: an edited node's span gives way to what its
   * edit says, and nothing inside a deleted or replaced node counts any more. An edit of a node
   * inside a hoisted descendant applies within it.
   *
   * @throws IllegalArgumentException if a hoist names a node that is not inside the edited one
   */
  public byte[] unparse(Map<SyntaxNode, TreeEdit> edits) {
    checkNotNull(edits, "edits");
    Map<SyntaxNode, TreeEdit> byIdentity =
        edits instanceof IdentityHashMap ? edits : new IdentityHashMap<>(edits);
    int[] editStarts = new int[byIdentity.size()];
    int k = 0;
    for (SyntaxNode edited : byIdentity.keySet()) {
      editStarts[k++] = edited.start();
    }
    Arrays.sort(editStarts);
    ByteArrayOutputStream out = new ByteArrayOutputStream(source.length);
    write(root, byIdentity, editStarts, out, false);
    return out.toByteArray();
  }

  /**
   * Whether an edited node may lie inside {@code node} (one starting within its span): if not, its
   * bytes are the source's, copied in one piece instead of walking its subtree.
   */
  private static boolean mayHoldEdits(SyntaxNode node, int[] editStarts) {
    int i = Arrays.binarySearch(editStarts, node.start());
    if (i >= 0) {
      return true;
    }
    int next = -i - 1;
    return next < editStarts.length && editStarts[next] <= node.end();
  }

  private void write(
      SyntaxNode node,
      Map<SyntaxNode, TreeEdit> edits,
      int[] editStarts,
      ByteArrayOutputStream out,
      boolean dropSeparator) {
    TreeEdit edit = edits.get(node);
    if (edit instanceof TreeEdit.Delete) {
      out.writeBytes(node.replacement());
      return;
    }
    if (edit instanceof TreeEdit.Replace replace) {
      out.writeBytes(replace.bytes);
      return;
    }
    if (edit instanceof TreeEdit.Hoist hoist) {
      SyntaxNode descendant = hoist.descendant;
      checkArgument(
          descendant != node
              && descendant.start() >= node.start()
              && descendant.end() <= node.end(),
          "cannot hoist %s into %s: not inside it",
          descendant,
          node);
      write(descendant, edits, editStarts, out, false);
      return;
    }
    int end = dropSeparator ? node.end() - node.separatorLength() : node.end();
    if (!mayHoldEdits(node, editStarts)) {
      out.write(source, node.start(), end - node.start());
      return;
    }
    List<SyntaxNode> children = node.children();
    // The last child that leaves something: list items after it lose their separators.
    int lastKept = children.size() - 1;
    while (lastKept >= 0 && leavesNothing(children.get(lastKept), edits)) {
      lastKept--;
    }
    int at = node.start();
    for (int i = 0; i < children.size(); i++) {
      SyntaxNode child = children.get(i);
      out.write(source, at, child.start() - at);
      write(child, edits, editStarts, out, i >= lastKept && i < children.size() - 1);
      at = child.end();
    }
    out.write(source, at, Math.max(0, end - at));
  }

  private static boolean leavesNothing(SyntaxNode node, Map<SyntaxNode, TreeEdit> edits) {
    return edits.get(node) instanceof TreeEdit.Delete && node.deletesToNothing();
  }
}
