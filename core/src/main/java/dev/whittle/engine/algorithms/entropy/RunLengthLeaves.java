package dev.whittle.engine.algorithms.entropy;

import java.util.ArrayList;
import java.util.List;

/**
 * The symbols of one decision tree: which run of unimportant items comes next. Exact run lengths
 * {@code 0 .. k-1} while they are likely enough, then runs grouped in doubling ranges, then "all
 * the rest is unimportant". Reaching a group {@code [a, b)} removes {@code a} items and tells the
 * next tree that its run is shorter than {@code b - a}.
 */
final class RunLengthLeaves {
  /**
   * A leaf: the run is at least {@code low} and below {@code high}; {@code end} runs to the end.
   */
  record Leaf(long low, long high, boolean end, double weight) {
    boolean exact() {
      return !end && high == low + 1;
    }
  }

  private RunLengthLeaves() {}

  /**
   * @param remaining undecided items from the cursor to the end
   * @param bound the run is known to be shorter than this, or {@code Long.MAX_VALUE}
   */
  static List<Leaf> of(
      RunLengthModel model,
      ItemState state,
      long remaining,
      long bound,
      int maxExactLeaves,
      double minProbability) {
    List<Leaf> leaves = new ArrayList<>();
    boolean bounded = bound <= remaining;
    long limit = bounded ? bound : remaining; // runs in [0, limit) end with an important item
    long k = 0;
    double tail = 1; // chance that the run is at least k
    while (k < limit && (k < 1 || (k < maxExactLeaves && tail >= minProbability))) {
      double next = model.allUnimportant(state, k + 1);
      leaves.add(new Leaf(k, k + 1, false, Math.max(0, tail - next)));
      tail = next;
      k++;
    }
    long width = Math.max(1, k);
    while (k < limit) {
      long high = Math.min(limit, k + width);
      double next = model.allUnimportant(state, high);
      leaves.add(new Leaf(k, high, false, Math.max(0, tail - next)));
      tail = next;
      k = high;
      width *= 2;
    }
    if (!bounded) {
      double none = model.noneLeft();
      if (none > 0) {
        leaves.replaceAll(
            leaf -> new Leaf(leaf.low(), leaf.high(), leaf.end(), leaf.weight() * (1 - none)));
      }
      leaves.add(new Leaf(remaining, remaining + 1, true, none + (1 - none) * tail));
      double uniform = model.uniformShare(state);
      if (uniform > 0) {
        double perRun = uniform / (remaining + 1);
        leaves.replaceAll(
            leaf ->
                new Leaf(
                    leaf.low(),
                    leaf.high(),
                    leaf.end(),
                    (1 - uniform) * leaf.weight() + perRun * (leaf.high() - leaf.low())));
      }
    }
    return leaves;
  }
}
