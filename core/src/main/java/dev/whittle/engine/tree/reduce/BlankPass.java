package dev.whittle.engine.tree.reduce;

import dev.whittle.api.ContentTester;
import dev.whittle.api.Pass;
import dev.whittle.engine.schedule.DeletionPass;
import dev.whittle.engine.sequence.CandidateTester;
import dev.whittle.engine.sequence.SequenceAlgorithm;
import dev.whittle.engine.sequence.StopCheck;
import dev.whittle.engine.sequence.Subsequence;
import dev.whittle.engine.tree.SyntaxNode;
import dev.whittle.engine.tree.SyntaxTree;
import dev.whittle.engine.tree.TreeBuilder;
import dev.whittle.engine.tree.TreeSizeLimit;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Takes off the blanks between tokens: the runs of whitespace that no token of the tree holds (the
 * gaps between a lenient tree's leaves, a grammar's whitespace tokens). Tree deletions leave them
 * behind, one or two around every kept token, and a byte sweep pays at least one question for each
 * such short run; here they go in few questions:
 *
 * <ol>
 *   <li>every blank at once (one question);
 *   <li>else every blank of more than one byte cut to one byte, a line break where it has one, so
 *       that line-based formats keep their lines (one question);
 *   <li>then a algorithm over the blanks as items chooses which to delete whole: the blanks that
 *       separate two words are the few it keeps.
 * </ol>
 *
 * A blank inside a token (a quoted string, a comment) is the token's, not a gap, and stays. A tree
 * whose root has no children (plain bytes) is left alone, without a question. Every candidate is
 * shorter than the content it came from.
 */
final class BlankPass implements Pass<byte[]>, DeletionPass {
  private final TreeBuilder builder;
  private final Supplier<SequenceAlgorithm> listAlgorithm;
  private boolean skipped;

  BlankPass(TreeBuilder builder, Supplier<SequenceAlgorithm> listAlgorithm) {
    this.builder = builder;
    this.listAlgorithm = listAlgorithm;
  }

  @Override
  public String name() {
    return "blanks";
  }

  /** Always when it ran: it only ever leaves bytes out. */
  @Override
  public boolean lastTurnOnlyDeleted() {
    return !skipped;
  }

  /** Not to content above the {@linkplain TreeSizeLimit size limit} of trees. */
  @Override
  public boolean appliesTo(byte[] content) {
    return TreeSizeLimit.fits(content);
  }

  @Override
  public byte[] reduce(byte[] current, ContentTester<byte[]> tester) {
    skipped = !TreeSizeLimit.fits(current);
    if (skipped) {
      return current;
    }
    SyntaxTree tree = builder.build(current);
    StopCheck.check(tester); // a large tree takes long to build: the deadline may have passed
    if (tree.root().isLeaf()) {
      return current;
    }
    List<int[]> blanks = blanks(current, tree.root());
    if (blanks.isEmpty()) {
      return current;
    }
    byte[] none = Blanks.of(current, blanks).without(Subsequence.ofIndices());
    if (tester.isInteresting(none)) {
      return none;
    }
    byte[] best = current;
    List<int[]> trimmed = trimmed(current, blanks);
    if (trimmed != null) {
      byte[] candidate = Blanks.of(current, blanks).trimmedTo(trimmed);
      if (tester.isInteresting(candidate)) {
        best = candidate;
        blanks = oneByteEach(blanks);
      }
    }
    Blanks items = Blanks.of(best, blanks);
    Subsequence kept =
        listAlgorithm.get().reduce(Subsequence.full(blanks.size()), items.tester(tester));
    return kept.size() == blanks.size() ? best : items.without(kept);
  }

  /** The maximal runs of whitespace outside every leaf that holds something but whitespace. */
  static List<int[]> blanks(byte[] content, SyntaxNode root) {
    boolean[] held = new boolean[content.length];
    mark(root, content, held);
    List<int[]> out = new ArrayList<>();
    int i = 0;
    while (i < content.length) {
      if (held[i] || !isBlank(content[i])) {
        i++;
        continue;
      }
      int start = i;
      while (i < content.length && !held[i] && isBlank(content[i])) {
        i++;
      }
      out.add(new int[] {start, i});
    }
    return out;
  }

  private static void mark(SyntaxNode node, byte[] content, boolean[] held) {
    if (!node.isLeaf()) {
      for (SyntaxNode child : node.children()) {
        mark(child, content, held);
      }
      return;
    }
    if (isContainer(node)) {
      return;
    }
    boolean blankOnly = true;
    for (int i = node.start(); i < node.end() && blankOnly; i++) {
      blankOnly = isBlank(content[i]);
    }
    if (!blankOnly) {
      for (int i = node.start(); i < node.end(); i++) {
        held[i] = true;
      }
    }
  }

  /**
   * Whether a leaf is a container with nothing in it rather than a token: the lenient builders'
   * elements, bracket pairs, list items and contents are leaves when they hold no children (an
   * element stripped of its attributes, {@code <a >}), and the blanks left inside them are gaps
   * like any other.
   */
  static boolean isContainer(SyntaxNode leaf) {
    String kind = leaf.kind();
    return kind.startsWith("element:")
        || kind.startsWith("pair:")
        || kind.startsWith("item:")
        || kind.equals("content");
  }

  static boolean isBlank(byte b) {
    return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f' || b == 0x0B;
  }

  /**
   * Each blank cut to its one byte to keep (as a range of length one), or null when every blank is
   * one byte already.
   */
  private static List<int[]> trimmed(byte[] content, List<int[]> blanks) {
    List<int[]> out = new ArrayList<>(blanks.size());
    boolean shorter = false;
    for (int[] blank : blanks) {
      int keep = blank[0];
      for (int i = blank[0]; i < blank[1]; i++) {
        if (content[i] == '\n') {
          keep = i;
          break;
        }
      }
      out.add(new int[] {keep, keep + 1});
      shorter |= blank[1] - blank[0] > 1;
    }
    return shorter ? out : null;
  }

  /** Where the blanks stand, one byte each, once every blank of {@code blanks} is cut to one. */
  private static List<int[]> oneByteEach(List<int[]> blanks) {
    List<int[]> out = new ArrayList<>(blanks.size());
    int removed = 0;
    for (int[] blank : blanks) {
      int at = blank[0] - removed;
      out.add(new int[] {at, at + 1});
      removed += blank[1] - blank[0] - 1;
    }
    return out;
  }

  /** A content and its blanks: candidates that delete some blanks or cut them short. */
  private record Blanks(byte[] content, List<int[]> ranges) {
    static Blanks of(byte[] content, List<int[]> ranges) {
      return new Blanks(content, ranges);
    }

    /** The content without the blanks {@code kept} leaves out. */
    byte[] without(Subsequence kept) {
      boolean[] keep = new boolean[ranges.size()];
      for (int k = 0; k < kept.rangeCount(); k++) {
        for (int i = kept.start(k); i < kept.end(k); i++) {
          keep[i] = true;
        }
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream(content.length);
      int at = 0;
      for (int b = 0; b < ranges.size(); b++) {
        if (!keep[b]) {
          int[] range = ranges.get(b);
          out.write(content, at, range[0] - at);
          at = range[1];
        }
      }
      out.write(content, at, content.length - at);
      return out.toByteArray();
    }

    /** The content with each blank cut to the matching range of {@code parts}. */
    byte[] trimmedTo(List<int[]> parts) {
      ByteArrayOutputStream out = new ByteArrayOutputStream(content.length);
      int at = 0;
      for (int b = 0; b < ranges.size(); b++) {
        int[] range = ranges.get(b);
        int[] part = parts.get(b);
        out.write(content, at, range[0] - at);
        out.write(content, part[0], part[1] - part[0]);
        at = range[1];
      }
      out.write(content, at, content.length - at);
      return out.toByteArray();
    }

    CandidateTester tester(ContentTester<byte[]> tester) {
      return new ContentCandidateTester(tester, this::without);
    }
  }
}
