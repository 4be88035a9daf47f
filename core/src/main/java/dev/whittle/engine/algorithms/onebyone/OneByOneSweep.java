package dev.whittle.engine.algorithms.onebyone;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.engine.sequence.CandidateTester;
import dev.whittle.engine.sequence.Subsequence;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Deletes single items until no single deletion is interesting. The sweep is cyclic and never
 * restarts after a deletion: it goes on from where it deleted and stops once it has come back to
 * the last deletion point, so every item is asked exactly once against the final result and that
 * result is verified 1-minimal.
 */
@API(status = INTERNAL, since = "0.1")
public final class OneByOneSweep {
  private OneByOneSweep() {}

  /** Minimizes {@code current} (interesting), starting the first sweep at {@code position}. */
  public static Subsequence minimize(Subsequence current, CandidateTester tester, int position) {
    int at = current.isEmpty() ? 0 : Math.floorMod(position, current.size());
    int failuresInARow = 0;
    while (failuresInARow < current.size()) {
      if (at >= current.size()) {
        at = 0;
      }
      // A parallel tester also gets the next deletions; the sweep uses the first that works.
      int batch = Math.min(tester.parallelism(), current.size() - failuresInARow);
      List<Subsequence> candidates = new ArrayList<>(batch);
      for (int i = 0; i < batch; i++) {
        int p = (at + i) % current.size();
        candidates.add(current.without(p, p + 1));
      }
      int first = tester.firstInteresting(candidates);
      if (first >= 0) {
        at = (at + first) % current.size(); // now the position of the item after the deleted one
        current = candidates.get(first);
        failuresInARow = 0;
      } else {
        at += batch;
        failuresInARow += batch;
      }
    }
    return current;
  }
}
