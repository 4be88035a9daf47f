package dev.whittle.engine.algorithms.ddmin;

import static com.google.common.base.Preconditions.checkNotNull;

import dev.whittle.engine.algorithms.onebyone.OneByOneSweep;
import dev.whittle.engine.sequence.CandidateTester;
import dev.whittle.engine.sequence.SequenceAlgorithm;
import dev.whittle.engine.sequence.Subsequence;

/**
 * Recursive delta debugging (Zeller 1999, as in the ddmin notebook), then a one-by-one sweep.
 *
 * <p>A part is reduced within a context: items before and after it that must stay. If either half
 * of the part is interesting alone (within the context), the search recurses into that half.
 * Otherwise each half holds something needed: the first half is reduced with the second as extra
 * context after it, then the second half with the reduced first as extra context before it. A part
 * of one item cannot be split and is returned as it is.
 *
 * <p>The recursion alone does not guarantee 1-minimality (a one-item part is never asked away, and
 * reducing the second half may make parts of the first unnecessary), hence the final sweep. The
 * recursion depth is the logarithm of the input size.
 */
final class RecursiveDdmin implements SequenceAlgorithm {
  private static final Subsequence NOTHING = Subsequence.full(0);

  @Override
  public Subsequence reduce(Subsequence start, CandidateTester tester) {
    checkNotNull(start, "start");
    checkNotNull(tester, "tester");
    Subsequence reduced = new Search(tester).reduce(start, NOTHING, NOTHING);
    return OneByOneSweep.minimize(reduced, tester, 0);
  }

  /** One run of the recursion; every question is the context around a candidate part. */
  private static final class Search {
    private final CandidateTester tester;

    Search(CandidateTester tester) {
      this.tester = tester;
    }

    /**
     * A reduction of {@code part}, given that {@code before + part + after} is interesting; the
     * returned part keeps it so.
     */
    Subsequence reduce(Subsequence part, Subsequence before, Subsequence after) {
      if (part.size() < 2) {
        return part;
      }
      int middle = part.size() / 2;
      Subsequence first = part.slice(0, middle);
      Subsequence second = part.slice(middle, part.size());
      if (isInteresting(before, first, after)) {
        return reduce(first, before, after);
      }
      if (isInteresting(before, second, after)) {
        return reduce(second, before, after);
      }
      Subsequence reducedFirst = reduce(first, before, second.concat(after));
      Subsequence reducedSecond = reduce(second, before.concat(reducedFirst), after);
      return reducedFirst.concat(reducedSecond);
    }

    private boolean isInteresting(Subsequence before, Subsequence part, Subsequence after) {
      return tester.isInteresting(before.concat(part).concat(after));
    }
  }
}
