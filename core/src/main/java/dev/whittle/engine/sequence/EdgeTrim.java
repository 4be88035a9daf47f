package dev.whittle.engine.sequence;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Cuts a head or a tail of several items at once off a result that single deletions can no longer
 * shrink: of each length, longest first, the tail, then the head. Reducers that delete item by item
 * (the entropy search, the passes) can commit to a part at one end that later needs a part at the
 * other, so that their 1-minimal result keeps a whole head or tail that only goes all at once, such
 * as a declaration or an element the rest no longer needs; plain ddmin, whose chunks always include
 * the head and the tail at every granularity, ends smaller there. It asks two questions per length
 * from the size less one down to two (one-item cuts are 1-minimality's), within a limit of
 * questions, and stops at the first interesting one: on a large result, only whether a short window
 * at either end is enough.
 */
@API(status = INTERNAL, since = "0.1")
public final class EdgeTrim {
  private EdgeTrim() {}

  /**
   * The first interesting cut of {@code candidate}'s head or tail of two or more items, longest
   * first, among the first {@code maxQuestions} (rounded down to an even number), or {@code
   * candidate} itself when none is.
   */
  public static Subsequence trim(Subsequence candidate, CandidateTester tester, int maxQuestions) {
    checkNotNull(candidate, "candidate");
    checkNotNull(tester, "tester");
    checkArgument(maxQuestions >= 0, "maxQuestions must not be negative, was %s", maxQuestions);
    int n = candidate.size();
    int shortest = Math.max(2, n - maxQuestions / 2);
    int batch = Math.max(2, tester.parallelism());
    List<Subsequence> cuts = new ArrayList<>();
    for (int length = n - 1; length >= shortest; length--) {
      cuts.add(candidate.without(n - length, n));
      cuts.add(candidate.without(0, length));
      if (cuts.size() >= batch || length == shortest) {
        int found = tester.firstInteresting(cuts);
        if (found >= 0) {
          return cuts.get(found);
        }
        cuts.clear();
      }
    }
    return candidate;
  }
}
