package dev.whittle.jazzer.corpus;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What each kept input MUST keep while it is shrunk: all of its features, or those no other kept
 * input has. Shrunk one after the other (one job), a file keeps what no other kept file has at its
 * turn ({@link FeatureHolders}); shrunk side by side, what it owns ({@link FeatureOwnership}),
 * decided before any shrinks, since two files sharing a feature could each drop it, trusting the
 * other.
 */
final class RequiredFeatures {
  private final boolean all;
  private final FeatureHolders holders;
  private final Map<Integer, long[]> owned;

  private RequiredFeatures(boolean all, FeatureHolders holders, Map<Integer, long[]> owned) {
    this.all = all;
    this.holders = holders;
    this.owned = owned;
  }

  /**
   * For shrinking {@code order}, the inputs {@code kept} holds, on {@code jobs} jobs; every feature
   * of an input if {@code all}.
   */
  static RequiredFeatures of(
      boolean all, int jobs, long[] universe, KeptInputs kept, List<Integer> order) {
    if (jobs == 1) {
      return new RequiredFeatures(all, new FeatureHolders(universe, kept.features()), null);
    }
    long[] sizes = new long[order.size()];
    List<long[]> features = new ArrayList<>();
    for (int k = 0; k < order.size(); k++) {
      KeptInput input = kept.get(order.get(k));
      features.add(input.features());
      sizes[k] = input.content().length;
    }
    List<long[]> owns = all ? features : FeatureOwnership.owned(features, sizes);
    Map<Integer, long[]> owned = new HashMap<>();
    for (int k = 0; k < order.size(); k++) {
      owned.put(order.get(k), owns.get(k));
    }
    return new RequiredFeatures(all, null, owned);
  }

  /** What input {@code index}, showing {@code own} now, must keep. */
  long[] of(int index, long[] own) {
    if (owned != null) {
      return owned.get(index);
    }
    return all ? own : holders.heldOnlyBy(own);
  }

  /** A kept input's features went from {@code before} to {@code now} (null: no longer kept). */
  void changed(long[] before, long[] now) {
    if (holders != null) {
      holders.replace(before, now);
    }
  }
}
