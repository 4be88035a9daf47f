package dev.whittle.engine.sequence;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * The only way a reducer learns anything: it proposes a candidate, the oracle loop answers. The
 * loop owns the oracle, the cache and the budget; when the budget is spent it throws {@link
 * StopReduction}, which reducers MUST let through.
 *
 * <p>A loop with {@link #parallelism()} above one answers batches in parallel. Algorithms SHOULD
 * hand it batches of about that size where their search can use answers it did not strictly need
 * yet; with a parallelism of one they MUST ask exactly the questions they would ask one by one, so
 * that parallel runs find the same result as sequential ones, only with more questions.
 */
@API(status = INTERNAL, since = "0.1")
public interface CandidateTester {
  /** Whether the candidate is interesting; unresolved counts as not interesting. */
  boolean isInteresting(Subsequence candidate);

  /** How many questions the loop can answer at once; one unless asked to run in parallel. */
  default int parallelism() {
    return 1;
  }

  /**
   * Whether {@code candidate} would be answered without a run (it was asked before): a reducer asks
   * questions on speculation only beside one it needs that takes a run, since beside an answer
   * already known they would cost runs and save no time. False unless the loop knows.
   */
  default boolean isAnswered(Subsequence candidate) {
    return false;
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
   * stops asking at the first interesting one; a parallel loop MAY have asked later ones too, but
   * not past a first interesting one it knew the answer for ({@link #isAnswered}).
   */
  default int firstInteresting(List<Subsequence> candidates) {
    if (parallelism() > 1) {
      int known = 0;
      while (known < candidates.size() && isAnswered(candidates.get(known))) {
        if (isInteresting(candidates.get(known))) {
          return known;
        }
        known++;
      }
      List<Subsequence> rest = candidates.subList(known, candidates.size());
      boolean[] answers = rest.isEmpty() ? new boolean[0] : areInteresting(rest);
      for (int i = 0; i < answers.length; i++) {
        if (answers[i]) {
          return known + i;
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
