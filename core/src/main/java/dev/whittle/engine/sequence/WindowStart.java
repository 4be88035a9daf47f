package dev.whittle.engine.sequence;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * Narrows a candidate to the shortest interesting window of it by bisection: first the shortest
 * interesting prefix, then the latest start of what is left. About {@code 2 log2(n)} questions.
 *
 * <p>For a failure bound by how deep its input nests (a stack overflow of a recursive parser), what
 * the target read before it failed is a prefix, and what it needs of that prefix is the run of
 * nesting at its end: everything after the point where it failed and everything before the nesting
 * goes, in a few questions, where ddmin's coarse chunks and single deletions would each pay a deep
 * recursion. Bisection assumes that a longer prefix (an earlier start) fails where a shorter one (a
 * later one) does; where that does not hold it still returns an interesting window, only not the
 * shortest one.
 */
@API(status = INTERNAL, since = "0.1")
public final class WindowStart {
  private WindowStart() {}

  /**
   * The shortest interesting window of {@code candidate} that bisection finds, {@code candidate}
   * itself when no shorter one is; {@code candidate} must be interesting.
   */
  public static Subsequence narrow(Subsequence candidate, CandidateTester tester) {
    checkNotNull(candidate, "candidate");
    checkNotNull(tester, "tester");
    // lo: longest prefix known (or assumed, the empty one) not to fail; hi: shortest that fails.
    int lo = 0;
    int hi = candidate.size();
    while (hi - lo > 1) {
      int mid = lo + (hi - lo) / 2;
      if (tester.isInteresting(candidate.slice(0, mid))) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
    int end = hi;
    // from: latest start known to fail; to: earliest start known (or assumed) not to.
    int from = 0;
    int to = end;
    while (to - from > 1) {
      int mid = from + (to - from) / 2;
      if (tester.isInteresting(candidate.slice(mid, end))) {
        from = mid;
      } else {
        to = mid;
      }
    }
    return candidate.slice(from, end);
  }
}
