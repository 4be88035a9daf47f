package dev.whittle.engine.algorithms.entropy;

import dev.whittle.engine.sequence.CandidateTester;
import dev.whittle.engine.sequence.Subsequence;
import java.util.random.RandomGenerator;

/**
 * The paper's presampling: random items are tested for removal one at a time; a removable one is
 * removed, and then its right neighbour is tested too. Items are chosen and removed by position,
 * never by value, so repeated values cannot skew the estimates.
 */
final class Presampler {
  private final RandomGenerator random;
  private final int samples;

  Presampler(RandomGenerator random, int samples) {
    this.random = random;
    this.samples = samples;
  }

  Subsequence presample(Subsequence current, CandidateTester tester, RunLengthModel model) {
    for (int s = 0; s < samples && current.size() > 1; s++) {
      int position = random.nextInt(current.size());
      Subsequence without = current.without(position, position + 1);
      boolean unimportant = tester.isInteresting(without);
      model.observeSample(unimportant);
      if (!unimportant) {
        continue;
      }
      current = without;
      if (position < current.size()) {
        Subsequence withoutNext = current.without(position, position + 1);
        boolean nextUnimportant = tester.isInteresting(withoutNext);
        model.observeNeighbour(nextUnimportant);
        if (nextUnimportant) {
          current = withoutNext;
        }
      }
    }
    return current;
  }
}
