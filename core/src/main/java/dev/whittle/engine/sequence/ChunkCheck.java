package dev.whittle.engine.sequence;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * Asks whether a chunk of several items can go from a result that single deletions can no longer
 * shrink, at plain ddmin's chunk boundaries: the result is split into 2, then 4, 8, ... chunks, and
 * at each granularity it asks, first, whether the head or the tail up to each boundary can go (from
 * the last boundary back: the shortest tail and the longest head first), then whether each chunk
 * can; only cuts of two or more items, each once (one-item cuts are 1-minimality's questions,
 * already asked). It stops at the first interesting cut or at its question limit.
 *
 * <p>Algorithms that delete item by item (the entropy search, the passes) can commit to a part at
 * one end that later needs a part at the other, or to a run that only goes whole, and so settle on
 * a 1-minimal result that keeps a whole declaration, element or padding run, which ddmin, whose
 * coarse chunks hold such runs whole, takes off. The heads and tails come first because a part
 * another part stopped needing sits at an end more often than not; coarse granularities first
 * because a large part that goes whole goes in a few questions.
 */
@API(status = INTERNAL, since = "0.1")
public final class ChunkCheck {
  private ChunkCheck() {}

  /**
   * The first interesting cut of {@code candidate} in this class's order among the first {@code
   * maxQuestions}; {@code candidate} itself when none is.
   */
  public static Subsequence firstCut(
      Subsequence candidate, CandidateTester tester, long maxQuestions) {
    checkNotNull(candidate, "candidate");
    checkNotNull(tester, "tester");
    checkArgument(maxQuestions >= 0, "maxQuestions must not be negative, was %s", maxQuestions);
    int size = candidate.size();
    int batch = Math.max(1, tester.parallelism());
    long left = maxQuestions;
    Set<Long> asked = new HashSet<>();
    List<Subsequence> cuts = new ArrayList<>(batch);
    for (int granularity = 2; size / granularity >= 2 && left > 0; granularity *= 2) {
      for (int[] cut : cutsAt(size, granularity)) {
        if (left == 0) {
          break;
        }
        if (cut[1] - cut[0] < 2 || !asked.add((long) cut[0] << 32 | cut[1])) {
          continue;
        }
        cuts.add(candidate.without(cut[0], cut[1]));
        left--;
        if (cuts.size() >= batch) {
          Subsequence found = firstInteresting(cuts, tester);
          if (found != null) {
            return found;
          }
        }
      }
    }
    Subsequence found = firstInteresting(cuts, tester);
    return found != null ? found : candidate;
  }

  /**
   * At {@code granularity}, the heads and tails up to each chunk boundary, the last boundary first
   * (its tail, then its head), then each chunk, as ranges of positions.
   */
  private static List<int[]> cutsAt(int size, int granularity) {
    List<int[]> cuts = new ArrayList<>(3 * granularity);
    for (int k = granularity - 1; k >= 1; k--) {
      int boundary = boundary(k, size, granularity);
      cuts.add(new int[] {boundary, size});
      cuts.add(new int[] {0, boundary});
    }
    for (int k = 0; k < granularity; k++) {
      cuts.add(new int[] {boundary(k, size, granularity), boundary(k + 1, size, granularity)});
    }
    return cuts;
  }

  /** The first interesting one of {@code cuts} (which it then empties), or null. */
  private static Subsequence firstInteresting(List<Subsequence> cuts, CandidateTester tester) {
    if (cuts.isEmpty()) {
      return null;
    }
    int found = tester.firstInteresting(cuts);
    Subsequence cut = found >= 0 ? cuts.get(found) : null;
    cuts.clear();
    return cut;
  }

  /** Where chunk {@code chunk} of {@code granularity} starts: ddmin's boundaries. */
  private static int boundary(int chunk, int size, int granularity) {
    return (int) ((long) chunk * size / granularity);
  }
}
