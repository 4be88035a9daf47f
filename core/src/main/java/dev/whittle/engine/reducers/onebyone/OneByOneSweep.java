package dev.whittle.engine.reducers.onebyone;

import dev.whittle.engine.sequence.CandidateTester;
import dev.whittle.engine.sequence.Subsequence;

/**
 * Deletes single items until no single deletion is interesting. The sweep is cyclic and never
 * restarts after a deletion: it goes on from where it deleted and stops once it has come back to
 * the last deletion point, so every item is asked exactly once against the final result and that
 * result is verified 1-minimal.
 */
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
      Subsequence candidate = current.without(at, at + 1);
      if (tester.isInteresting(candidate)) {
        current = candidate;
        failuresInARow = 0;
      } else {
        at++;
        failuresInARow++;
      }
    }
    return current;
  }
}
