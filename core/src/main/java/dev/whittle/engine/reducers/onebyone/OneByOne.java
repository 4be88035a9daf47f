package dev.whittle.engine.reducers.onebyone;

import dev.whittle.engine.sequence.CandidateTester;
import dev.whittle.engine.sequence.SequenceReducer;
import dev.whittle.engine.sequence.Subsequence;

/** One-by-one deletion to a fixpoint, from the first item on. */
public final class OneByOne implements SequenceReducer {
  @Override
  public Subsequence reduce(Subsequence start, CandidateTester tester) {
    return OneByOneSweep.minimize(start, tester, 0);
  }
}
