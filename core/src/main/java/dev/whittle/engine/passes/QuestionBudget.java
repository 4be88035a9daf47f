package dev.whittle.engine.passes;

import dev.whittle.api.ContentTester;
import java.util.List;

/**
 * A pass's questions to the tester, at most a fixed number per call, so that a pass ends soon on
 * any input: the count every pass keeps, kept in one place.
 */
final class QuestionBudget {
  private final ContentTester<byte[]> tester;
  private long left;

  QuestionBudget(ContentTester<byte[]> tester, long limit) {
    this.tester = tester;
    this.left = limit;
  }

  boolean hasLeft() {
    return left > 0;
  }

  long left() {
    return left;
  }

  /** Asks about {@code candidate}, spending one question. */
  boolean isInteresting(byte[] candidate) {
    left--;
    return tester.isInteresting(candidate);
  }

  /** Asks about all of {@code candidates} at once, spending one question each. */
  boolean[] areInteresting(List<byte[]> candidates) {
    left -= candidates.size();
    return tester.areInteresting(candidates);
  }

  /**
   * Spends a question without asking it: for a candidate the pass knows to be refuted already, so
   * that its sweep goes as it would with the question asked.
   */
  void spendOnRepeat() {
    left--;
  }

  /** How many questions the tester can answer at once. */
  int parallelism() {
    return tester.parallelism();
  }
}
