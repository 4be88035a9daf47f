package dev.whittle.jazzer.corpus;

import dev.whittle.jazzer.bytecode.analysis.FeatureSets;
import java.util.Collections;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The inputs kept, unshrunk, for flaky features (shown by an input on one of its runs only): each
 * is the smallest input that showed one of them. A flaky feature cannot be confirmed on a candidate
 * (the first-use branch a warm loader never takes again), so a file holding one is not shrunk and
 * no selection drops it.
 *
 * @param inputs the holders, ascending
 * @param keptFeatures the flaky features they keep: those some input that is no crasher showed
 */
record FlakyFeatureHolders(SortedSet<Integer> inputs, long[] keptFeatures) {
  /** None, for a census that was interrupted. */
  static final FlakyFeatureHolders NONE = new FlakyFeatureHolders(new TreeSet<>(), new long[0]);

  FlakyFeatureHolders {
    inputs = Collections.unmodifiableSortedSet(new TreeSet<>(inputs));
  }

  /** For every flaky feature that an input which is no crasher showed, the smallest such input. */
  static FlakyFeatureHolders choose(CoverageCensus census) {
    long[] flakyFeatures = census.flakyFeatures();
    List<Integer> bySize = census.smallestFirst(index -> census.observedAny(index));
    SortedSet<Integer> holders = new TreeSet<>();
    long[] left = flakyFeatures;
    for (int index : bySize) {
      if (left.length == 0) {
        break;
      }
      long[] shown = FeatureSets.intersection(census.observed(index), left);
      if (shown.length > 0) {
        holders.add(index);
        left = FeatureSets.difference(left, shown);
      }
    }
    // What is left was shown only by inputs that crashed on another run: nothing can keep it.
    return new FlakyFeatureHolders(holders, FeatureSets.difference(flakyFeatures, left));
  }

  boolean holds(int index) {
    return inputs.contains(index);
  }
}
