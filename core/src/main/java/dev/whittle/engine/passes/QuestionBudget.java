package dev.whittle.engine.passes;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.ContentTester;
import java.util.List;
import org.apiguardian.api.API;

/**
 * A pass's questions to the tester, at most a fixed number per call, so that a pass ends soon on
 * any input: the count every pass keeps, kept in one place.
 */
@API(status = INTERNAL, since = "0.1")
public final class QuestionBudget {
  private final ContentTester<byte[]> tester;
  private long left;

  public QuestionBudget(ContentTester<byte[]> tester, long limit) {
    this.tester = tester;
    this.left = limit;
  }

  public boolean hasLeft() {
    return left > 0;
  }

  public long left() {
    return left;
  }

  /** Asks about {@code candidate}, spending one question. */
  public boolean isInteresting(byte[] candidate) {
    left--;
    return tester.isInteresting(candidate);
  }

  /** Asks about all of {@code candidates} at once, spending one question each. */
  public boolean[] areInteresting(List<byte[]> candidates) {
    left -= candidates.size();
    return tester.areInteresting(candidates);
  }

  /**
   * Spends a question without asking it: for a candidate the pass knows to be refuted already, so
   * that its sweep goes as it would with the question asked.
   */
  public void spendOnRepeat() {
    left--;
  }

  /** How many questions the tester can answer at once. */
  public int parallelism() {
    return tester.parallelism();
  }
}
