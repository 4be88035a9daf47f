package dev.whittle.engine.tree.reduce;

import dev.whittle.api.ContentTester;
import dev.whittle.engine.sequence.CandidateTester;
import dev.whittle.engine.sequence.Subsequence;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A algorithm's tester over a tree pass's items: each candidate (the items kept) is asked as the
 * bytes {@code content} makes of it, through the pass's content tester (the same oracle loop, cache
 * and budget as everything else), one at a time or in the tester's batches.
 */
final class ContentCandidateTester implements CandidateTester {
  private final ContentTester<byte[]> tester;
  private final Function<Subsequence, byte[]> content;

  ContentCandidateTester(ContentTester<byte[]> tester, Function<Subsequence, byte[]> content) {
    this.tester = tester;
    this.content = content;
  }

  @Override
  public boolean isInteresting(Subsequence candidate) {
    return tester.isInteresting(content.apply(candidate));
  }

  @Override
  public int parallelism() {
    return tester.parallelism();
  }

  @Override
  public boolean[] areInteresting(List<Subsequence> candidates) {
    List<byte[]> contents = new ArrayList<>(candidates.size());
    for (Subsequence candidate : candidates) {
      contents.add(content.apply(candidate));
    }
    return tester.areInteresting(contents);
  }
}
