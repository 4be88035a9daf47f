package dev.whittle.engine.tree.reduce;

import dev.whittle.api.ContentTester;
import java.util.List;

/** Asking a list of alternatives: the first interesting one in order wins. */
final class Questions {
  private Questions() {}

  /**
   * The index of the first interesting candidate in order, or -1. With one job the questions stop
   * at the first interesting one; with more they go in batches of the loop's parallelism, and the
   * first interesting one in order still wins, so the result does not depend on the jobs.
   */
  static int firstInteresting(ContentTester<byte[]> tester, List<byte[]> candidates) {
    int batch = Math.max(1, tester.parallelism());
    if (batch == 1) {
      for (int i = 0; i < candidates.size(); i++) {
        if (tester.isInteresting(candidates.get(i))) {
          return i;
        }
      }
      return -1;
    }
    for (int from = 0; from < candidates.size(); from += batch) {
      List<byte[]> part = candidates.subList(from, Math.min(candidates.size(), from + batch));
      boolean[] answers = tester.areInteresting(part);
      for (int i = 0; i < answers.length; i++) {
        if (answers[i]) {
          return from + i;
        }
      }
    }
    return -1;
  }
}
