package dev.whittle.engine.tree.reduce;

import dev.whittle.api.ContentTester;
import dev.whittle.engine.sequence.CandidateTester;
import dev.whittle.engine.sequence.Subsequence;
import dev.whittle.engine.tree.SyntaxNode;
import java.util.ArrayList;
import java.util.List;

/**
 * One level of a tree as a sequence for a algorithm: a candidate keeps some of the level's nodes,
 * and is asked as the bytes of the tree without the others, through the pass's tester (the same
 * oracle loop, cache and budget as everything else).
 */
final class LevelTester implements CandidateTester {
  private final EditedTree tree;
  private final List<SyntaxNode> level;
  private final CandidateTester asContent;

  LevelTester(EditedTree tree, List<SyntaxNode> level, ContentTester<byte[]> tester) {
    this.tree = tree;
    this.level = level;
    this.asContent = new ContentCandidateTester(tester, this::bytes);
  }

  byte[] bytes(Subsequence kept) {
    return tree.unparseWithout(deleted(kept));
  }

  /** The level's nodes {@code kept} leaves out. */
  List<SyntaxNode> deleted(Subsequence kept) {
    List<SyntaxNode> out = new ArrayList<>();
    int at = 0;
    for (int k = 0; k < kept.rangeCount(); k++) {
      for (; at < kept.start(k); at++) {
        out.add(level.get(at));
      }
      at = kept.end(k);
    }
    for (; at < level.size(); at++) {
      out.add(level.get(at));
    }
    return out;
  }

  @Override
  public boolean isInteresting(Subsequence candidate) {
    return asContent.isInteresting(candidate);
  }

  @Override
  public int parallelism() {
    return asContent.parallelism();
  }

  @Override
  public boolean[] areInteresting(List<Subsequence> candidates) {
    return asContent.areInteresting(candidates);
  }
}
