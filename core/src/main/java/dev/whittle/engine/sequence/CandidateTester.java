package dev.whittle.engine.sequence;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * The only way a reducer learns anything: it proposes a candidate, the oracle loop answers. The
 * loop owns the oracle, the cache and the budget; when the budget is spent it throws {@link
 * StopReduction}, which reducers MUST let through.
 *
 * <p>A loop with {@link #parallelism()} above one answers batches in parallel. Reducers SHOULD hand
 * it batches of about that size where their search can use answers it did not strictly need yet;
 * with a parallelism of one they MUST ask exactly the questions they would ask one by one, so that
 * parallel runs find the same result as sequential ones, only with more questions.
 */
@API(status = INTERNAL, since = "0.1")
public interface CandidateTester {
  /** Whether the candidate is interesting; unresolved counts as not interesting. */
  boolean isInteresting(Subsequence candidate);

  /** How many questions the loop can answer at once; one unless asked to run in parallel. */
  default int parallelism() {
    return 1;
  }

  /** Answers for all of {@code candidates}, in their order, possibly asked in parallel. */
  default boolean[] areInteresting(List<Subsequence> candidates) {
    boolean[] answers = new boolean[candidates.size()];
    for (int i = 0; i < answers.length; i++) {
      answers[i] = isInteresting(candidates.get(i));
    }
    return answers;
  }

  /**
   * The index of the first interesting candidate in order, or -1 when none is. A sequential loop
   * stops asking at the first interesting one; a parallel loop MAY have asked later ones too.
   */
  default int firstInteresting(List<Subsequence> candidates) {
    if (parallelism() > 1) {
      boolean[] answers = areInteresting(candidates);
      for (int i = 0; i < answers.length; i++) {
        if (answers[i]) {
          return i;
        }
      }
      return -1;
    }
    for (int i = 0; i < candidates.size(); i++) {
      if (isInteresting(candidates.get(i))) {
        return i;
      }
    }
    return -1;
  }
}
