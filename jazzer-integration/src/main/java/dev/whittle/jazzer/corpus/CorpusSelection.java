package dev.whittle.jazzer.corpus;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

import dev.whittle.jazzer.bytecode.analysis.PackedFeatures;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * Chooses a subset of a corpus that keeps the union of its features, two ways, and keeps the
 * better: greedy set cover (the input with the most features not yet covered first, ties to the
 * smaller input, then to the earlier), and afl-cmin's order (the rarest feature first, covered by
 * the smallest input that has it); each followed by a pass that drops any chosen input whose
 * features the other chosen inputs all have, largest inputs first. Better means fewer inputs, then
 * fewer bytes. Pure: inputs are given by their features (sorted {@code long}s, as {@link
 * dev.whittle.jazzer.bytecode.runtime.ProbeCounters#collect} returns them) and sizes, and
 * identified by their index.
 */
final class CorpusSelection {
  /** Features gathered beyond the union so far before they are sorted in. */
  private static final int UNION_BATCH = 1 << 16;

  private static final PackedFeatures NONE = PackedFeatures.of(new long[0]);

  /** How a selection was made. */
  public enum Strategy {
    GREEDY_SET_COVER,
    AFL_CMIN_ORDER
  }

  /**
   * A selection.
   *
   * @param chosen indices of the chosen inputs, ascending
   * @param strategy how they were chosen
   * @param bytes their total size
   */
  public record Selection(List<Integer> chosen, Strategy strategy, long bytes) {
    public Selection {
      chosen = List.copyOf(chosen);
    }
  }

  /**
   * Per input its features as indices into the sorted union, packed; empty for an input whose
   * features an input no larger and no later also has exactly, which neither way can choose before
   * that one (both prefer the smaller input, then the earlier), so it is never chosen at all.
   */
  private final PackedFeatures[] features;

  private final long[] sizes;
  private final int universe;

  private CorpusSelection(List<long[]> inputFeatures, long[] sizes) {
    checkNotNull(inputFeatures, "inputFeatures");
    checkNotNull(sizes, "sizes");
    checkArgument(
        inputFeatures.size() == sizes.length,
        "%s inputs with features but %s sizes",
        inputFeatures.size(),
        sizes.length);
    this.sizes = sizes.clone();
    long[] all = union(inputFeatures);
    this.universe = all.length;
    this.features = new PackedFeatures[inputFeatures.size()];
    Map<PackedFeatures, Integer> firstWithSet = new HashMap<>();
    for (int i = 0; i < features.length; i++) {
      long[] own = inputFeatures.get(i);
      long[] dense = new long[own.length];
      for (int j = 0; j < own.length; j++) {
        dense[j] = Arrays.binarySearch(all, own[j]);
      }
      PackedFeatures set = PackedFeatures.of(dense);
      Integer earlier = firstWithSet.putIfAbsent(set, i);
      if (earlier == null) {
        features[i] = set;
      } else if (sizes[i] < sizes[earlier]) {
        features[earlier] = NONE;
        features[i] = set;
        firstWithSet.put(set, i);
      } else {
        features[i] = NONE;
      }
    }
  }

  /** The better of greedy set cover and afl-cmin's order, each without redundant inputs. */
  public static Selection best(List<long[]> inputFeatures, long[] sizes) {
    CorpusSelection selection = new CorpusSelection(inputFeatures, sizes);
    Selection greedy = selection.dropRedundant(selection.greedy(), Strategy.GREEDY_SET_COVER);
    Selection afl = selection.dropRedundant(selection.aflCmin(), Strategy.AFL_CMIN_ORDER);
    return better(greedy, afl);
  }

  /** Greedy set cover followed by the redundancy pass. */
  public static Selection greedySetCover(List<long[]> inputFeatures, long[] sizes) {
    CorpusSelection selection = new CorpusSelection(inputFeatures, sizes);
    return selection.dropRedundant(selection.greedy(), Strategy.GREEDY_SET_COVER);
  }

  /** afl-cmin's order followed by the redundancy pass. */
  public static Selection aflCminOrder(List<long[]> inputFeatures, long[] sizes) {
    CorpusSelection selection = new CorpusSelection(inputFeatures, sizes);
    return selection.dropRedundant(selection.aflCmin(), Strategy.AFL_CMIN_ORDER);
  }

  /**
   * The sorted union of sorted feature arrays. Gathers the arrays in batches and sorts each batch
   * with the union so far, so that a large corpus never needs all of its features in one array.
   */
  public static long[] union(List<long[]> inputFeatures) {
    // Sorted and deduplicated in place: a stream's distinct() boxes every feature, and the corpus
    // engine asks this for every kept file.
    long[] union = new long[0];
    long[] batch = new long[0];
    int at = 0;
    for (long[] features : inputFeatures) {
      if (at + features.length > batch.length) {
        union = sortedDistinct(batch, at);
        at = union.length;
        int capacity = Math.max(at + features.length, 2 * at + UNION_BATCH);
        batch = Arrays.copyOf(union, capacity);
      }
      System.arraycopy(features, 0, batch, at, features.length);
      at += features.length;
    }
    return sortedDistinct(batch, at);
  }

  /** The first {@code length} values of {@code values}, sorted and without repeats, in place. */
  private static long[] sortedDistinct(long[] values, int length) {
    Arrays.sort(values, 0, length);
    int distinct = 0;
    for (int i = 0; i < length; i++) {
      if (i == 0 || values[i] != values[i - 1]) {
        values[distinct++] = values[i];
      }
    }
    return Arrays.copyOf(values, distinct);
  }

  private static Selection better(Selection a, Selection b) {
    if (a.chosen().size() != b.chosen().size()) {
      return a.chosen().size() < b.chosen().size() ? a : b;
    }
    return b.bytes() < a.bytes() ? b : a;
  }

  /**
   * Lazy greedy: gains only shrink as features get covered, so an input whose gain is still what it
   * was when queued is the true best.
   */
  private List<Integer> greedy() {
    boolean[] covered = new boolean[universe];
    int[] gain = new int[features.length];
    PriorityQueue<Integer> queue =
        new PriorityQueue<>(
            Comparator.<Integer>comparingInt(i -> -gain[i])
                .thenComparingLong(i -> sizes[i])
                .thenComparingInt(i -> i));
    for (int i = 0; i < features.length; i++) {
      gain[i] = features[i].size();
      if (gain[i] > 0) {
        queue.add(i);
      }
    }
    List<Integer> chosen = new ArrayList<>();
    while (!queue.isEmpty()) {
      int top = queue.poll();
      long[] own = features[top].toArray();
      int fresh = 0;
      for (long feature : own) {
        if (!covered[(int) feature]) {
          fresh++;
        }
      }
      if (fresh == 0) {
        continue;
      }
      if (fresh < gain[top]) {
        gain[top] = fresh;
        queue.add(top);
        continue;
      }
      chosen.add(top);
      for (long feature : own) {
        covered[(int) feature] = true;
      }
    }
    return chosen;
  }

  private List<Integer> aflCmin() {
    int[] holders = new int[universe];
    int[] smallest = new int[universe];
    Arrays.fill(smallest, -1);
    for (int i = 0; i < features.length; i++) {
      for (long own : features[i].toArray()) {
        int feature = (int) own;
        holders[feature]++;
        int best = smallest[feature];
        if (best < 0 || sizes[i] < sizes[best]) {
          smallest[feature] = i; // Ties stay with the earlier input.
        }
      }
    }
    Integer[] order = new Integer[universe];
    for (int f = 0; f < universe; f++) {
      order[f] = f;
    }
    Arrays.sort(order, Comparator.<Integer>comparingInt(f -> holders[f]).thenComparingInt(f -> f));
    boolean[] covered = new boolean[universe];
    List<Integer> chosen = new ArrayList<>();
    for (int feature : order) {
      if (covered[feature]) {
        continue;
      }
      int input = smallest[feature];
      chosen.add(input);
      for (long own : features[input].toArray()) {
        covered[(int) own] = true;
      }
    }
    return chosen;
  }

  /** Drops chosen inputs whose every feature another chosen input also has, largest first. */
  private Selection dropRedundant(List<Integer> chosen, Strategy strategy) {
    int[] count = new int[universe];
    for (int input : chosen) {
      for (long feature : features[input].toArray()) {
        count[(int) feature]++;
      }
    }
    List<Integer> bySizeDescending = new ArrayList<>(chosen);
    bySizeDescending.sort(
        Comparator.<Integer>comparingLong(i -> -sizes[i]).thenComparingInt(i -> -i));
    List<Integer> kept = new ArrayList<>();
    for (int input : bySizeDescending) {
      long[] own = features[input].toArray();
      boolean redundant = true;
      for (long feature : own) {
        if (count[(int) feature] < 2) {
          redundant = false;
          break;
        }
      }
      if (redundant) {
        for (long feature : own) {
          count[(int) feature]--;
        }
      } else {
        kept.add(input);
      }
    }
    kept.sort(null);
    long bytes = 0;
    for (int input : kept) {
      bytes += sizes[input];
    }
    return new Selection(kept, strategy, bytes);
  }
}
