package dev.whittle.engine.passes;

import dev.whittle.api.ContentTester;

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

  /** Asks about {@code candidate}, spending one question. */
  boolean isInteresting(byte[] candidate) {
    left--;
    return tester.isInteresting(candidate);
  }
}
