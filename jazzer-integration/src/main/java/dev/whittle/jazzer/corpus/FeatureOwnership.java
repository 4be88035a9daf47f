package dev.whittle.jazzer.corpus;

import dev.whittle.jazzer.bytecode.analysis.FeatureSets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Gives every feature of a selection one owner among the files that have it, so that files can be
 * shrunk at the same time: each MUST keep what it owns and MAY lose the rest. Shrunk one after the
 * other, a file keeps what no other file has at its turn; shrunk at once, two files sharing a
 * feature could each drop it, trusting the other. A shared feature goes to the smallest file that
 * has it (ties: the first), whose shrinking it is likely to hold back least.
 */
final class FeatureOwnership {
  private FeatureOwnership() {}

  /**
   * What each file owns: for {@code features.get(k)} (sorted, as {@link FeatureSets} keeps them) of
   * a file of {@code sizes[k]} bytes, the sorted features it is the owner of; every feature of the
   * union has exactly one owner.
   */
  static List<long[]> owned(List<long[]> features, long[] sizes) {
    Map<Long, Integer> owner = new HashMap<>();
    for (int k = 0; k < features.size(); k++) {
      for (long feature : features.get(k)) {
        Integer current = owner.get(feature);
        if (current == null || sizes[k] < sizes[current]) {
          owner.put(feature, k);
        }
      }
    }
    List<long[]> owned = new ArrayList<>();
    for (int k = 0; k < features.size(); k++) {
      int file = k;
      owned.add(
          Arrays.stream(features.get(k)).filter(feature -> owner.get(feature) == file).toArray());
    }
    return owned;
  }
}
