package dev.whittle.engine.algorithms.onebyone;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.engine.sequence.CandidateTester;
import dev.whittle.engine.sequence.SequenceAlgorithm;
import dev.whittle.engine.sequence.Subsequence;
import org.apiguardian.api.API;

/** One-by-one deletion to a fixpoint, from the first item on. */
@API(status = INTERNAL, since = "0.1")
public final class OneByOne implements SequenceAlgorithm {
  @Override
  public Subsequence reduce(Subsequence start, CandidateTester tester) {
    return OneByOneSweep.minimize(start, tester, 0);
  }
}
