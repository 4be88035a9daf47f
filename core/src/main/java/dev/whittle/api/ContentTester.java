package dev.whittle.api;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.List;
import org.apiguardian.api.API;

/**
 * How a {@link Pass} asks a question: the reduction's oracle loop answers from its cache or by
 * calling the oracle, and counts the call against the budget.
 *
 * @param <C> the content type
 */
@FunctionalInterface
@API(status = STABLE, since = "0.1")
public interface ContentTester<C> {
  /** Whether {@code candidate} is interesting; unresolved counts as not interesting. */
  boolean isInteresting(C candidate);

  /**
   * How many questions the loop can answer at once: one unless the reduction runs with several
   * jobs. Passes SHOULD then hand {@link #areInteresting(List)} batches of about this size where
   * their search can use answers it did not strictly need yet.
   */
  default int parallelism() {
    return 1;
  }

  /** Answers for all of {@code candidates}, in their order, possibly asked in parallel. */
  default boolean[] areInteresting(List<C> candidates) {
    boolean[] answers = new boolean[candidates.size()];
    for (int i = 0; i < answers.length; i++) {
      answers[i] = isInteresting(candidates.get(i));
    }
    return answers;
  }
}
