package dev.whittle.jazzer.corpus;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.Arrays;
import java.util.Collection;

/**
 * How many kept inputs hold each feature of a sorted universe, so that the features only one input
 * holds are found from its own features alone, not from the union of all the others (which the
 * corpus engine would otherwise build again for every file it shrinks). Not thread-safe.
 */
final class FeatureHolders {
  private final long[] universe;
  private final int[] holders;

  /** Counts over {@code featureSets}, each sorted; {@code universe} sorted, holding all of them. */
  FeatureHolders(long[] universe, Collection<long[]> featureSets) {
    this.universe = universe;
    this.holders = new int[universe.length];
    for (long[] features : featureSets) {
      add(features, 1);
    }
  }

  /**
   * The features of {@code own} (one of the counted sets) that no other counted set holds, sorted.
   */
  long[] heldOnlyBy(long[] own) {
    long[] only = new long[own.length];
    int size = 0;
    for (long feature : own) {
      if (holders[indexOf(feature)] == 1) {
        only[size++] = feature;
      }
    }
    return Arrays.copyOf(only, size);
  }

  /** One counted set became {@code now}; null when its input is no longer kept. */
  void replace(long[] before, long[] now) {
    add(before, -1);
    if (now != null) {
      add(now, 1);
    }
  }

  private void add(long[] features, int delta) {
    for (long feature : features) {
      holders[indexOf(feature)] += delta;
    }
  }

  private int indexOf(long feature) {
    int at = Arrays.binarySearch(universe, feature);
    checkArgument(at >= 0, "feature %s is not in the universe of %s", feature, universe.length);
    return at;
  }
}
