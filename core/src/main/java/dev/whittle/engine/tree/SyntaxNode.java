package dev.whittle.engine.tree;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import com.google.common.collect.ImmutableList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * One node of a {@link SyntaxTree}: a span of the source's bytes with a kind, and ordered children
 * whose spans lie inside it, in order, without overlapping. The bytes of the span that no child
 * covers (a bracket, a separator, a tag's name) belong to the node itself.
 *
 * <p>Nodes compare by identity: two nodes with equal spans in one tree are still two nodes (a
 * wrapper and the only thing it wraps), and edits name the one they mean.
 */
@API(status = INTERNAL, since = "0.1")
public final class SyntaxNode {
  private static final byte[] NOTHING = new byte[0];

  private final String kind;
  private final int start;
  private final int end;
  private final ImmutableList<SyntaxNode> children;
  private final byte[] replacement;
  private final int separatorLength;

  private SyntaxNode(
      String kind,
      int start,
      int end,
      ImmutableList<SyntaxNode> children,
      byte[] replacement,
      int separatorLength) {
    this.kind = kind;
    this.start = start;
    this.end = end;
    this.children = children;
    this.replacement = replacement;
    this.separatorLength = separatorLength;
  }

  /**
   * A node over {@code [start, end)} whose deletion leaves nothing.
   *
   * @param kind what the node is, for filters and for substitution by a node of a compatible kind:
   *     {@code "object"}, {@code "member"}, {@code "element:div"}, a grammar rule's name
   * @throws IllegalArgumentException if the span is empty-reversed, or the children are not in
   *     order inside it
   */
  public static SyntaxNode of(String kind, int start, int end, List<SyntaxNode> children) {
    return withReplacement(kind, start, end, children, new byte[0]);
  }

  /**
   * A node whose deletion leaves {@code replacement} instead of nothing: the smallest text its kind
   * allows where something must stand (a grammar rule's minimal expansion, {@code "0"} for a
   * required number).
   */
  public static SyntaxNode withReplacement(
      String kind, int start, int end, List<SyntaxNode> children, byte[] replacement) {
    checkNotNull(kind, "kind");
    checkNotNull(replacement, "replacement");
    checkArgument(
        0 <= start && start <= end, "span [%s, %s) of %s is not a span", start, end, kind);
    ImmutableList<SyntaxNode> copy = ImmutableList.copyOf(children);
    int at = start;
    for (SyntaxNode child : copy) {
      checkArgument(
          child.start >= at && child.end <= end,
          "child %s [%s, %s) of %s [%s, %s) is out of order or outside its parent",
          child.kind,
          child.start,
          child.end,
          kind,
          start,
          end);
      at = child.end;
    }
    return new SyntaxNode(kind, start, end, copy, copyOf(replacement), 0);
  }

  /**
   * An item of a list whose last {@code separatorLength} bytes separate it from the next item (the
   * {@code ,} of {@code 1,} in {@code [1,2]}): when every item after it that the source has is
   * deleted, unparsing leaves the separator out too, so that deleting the last items of a list
   * leaves no dangling separator ({@code [1]}, not {@code [1,]}). Without edits the source comes
   * back exactly.
   *
   * @throws IllegalArgumentException if the separator overlaps a child or is longer than the span
   */
  public static SyntaxNode listItem(
      String kind, int start, int end, List<SyntaxNode> children, int separatorLength) {
    SyntaxNode node = of(kind, start, end, children);
    checkArgument(
        separatorLength >= 0 && separatorLength <= node.length(),
        "separator of %s bytes in %s [%s, %s)",
        separatorLength,
        kind,
        start,
        end);
    checkArgument(
        node.children.isEmpty()
            || node.children.get(node.children.size() - 1).end <= end - separatorLength,
        "the separator of %s [%s, %s) overlaps a child",
        kind,
        start,
        end);
    return new SyntaxNode(kind, start, end, node.children, node.replacement, separatorLength);
  }

  public String kind() {
    return kind;
  }

  /** Offset of the node's first byte in the source. */
  public int start() {
    return start;
  }

  /** Offset just past the node's last byte in the source. */
  public int end() {
    return end;
  }

  public int length() {
    return end - start;
  }

  public List<SyntaxNode> children() {
    return children;
  }

  public boolean isLeaf() {
    return children.isEmpty();
  }

  /** What stands in the node's place when it is deleted; empty for most nodes. A copy. */
  public byte[] replacement() {
    return copyOf(replacement);
  }

  /** A copy, but one shared empty array for the empty replacement of most nodes. */
  private static byte[] copyOf(byte[] bytes) {
    return bytes.length == 0 ? NOTHING : bytes.clone();
  }

  /**
   * How many bytes at the end of the span separate this list item from the next; 0 for nodes that
   * are no such item.
   */
  public int separatorLength() {
    return separatorLength;
  }

  /** Whether deleting the node leaves nothing behind. */
  public boolean deletesToNothing() {
    return replacement.length == 0;
  }

  @Override
  public String toString() {
    return kind + "[" + start + ", " + end + ")";
  }
}
