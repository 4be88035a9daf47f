package dev.whittle.engine.reducers.entropy.decisiontrees;

/**
 * Splits recursively where the information gain is largest, as a decision-tree learner would: the
 * split that leaves the least entropy within the two sides.
 */
final class InformationGainTree implements OrderedTreeBuilder {
  @Override
  public OrderedTree build(double[] weights) {
    Weights.check(weights);
    return build(weights, Weights.prefixSums(weights), 0, weights.length);
  }

  private OrderedTree build(double[] weights, double[] prefix, int from, int to) {
    if (to - from == 1) {
      return OrderedTree.leaf(from);
    }
    int split = bestSplit(weights, prefix, from, to);
    return OrderedTree.join(build(weights, prefix, from, split), build(weights, prefix, split, to));
  }

  /** The split with the largest gain, that is the smallest sum of the two sides' entropies. */
  static int bestSplit(double[] weights, double[] prefix, int from, int to) {
    int best = from + 1;
    double bestRemaining = Double.POSITIVE_INFINITY;
    for (int split = from + 1; split < to; split++) {
      double remaining =
          entropyWithin(weights, prefix, from, split) + entropyWithin(weights, prefix, split, to);
      if (remaining < bestRemaining) {
        bestRemaining = remaining;
        best = split;
      }
    }
    return best;
  }

  /** Σ -p log2(p / mass) over {@code [from, to)}: the entropy left inside that side. */
  private static double entropyWithin(double[] weights, double[] prefix, int from, int to) {
    double mass = prefix[to] - prefix[from];
    if (mass <= 0) {
      return 0;
    }
    double h = 0;
    for (int i = from; i < to; i++) {
      if (weights[i] > 0) {
        h -= weights[i] * Math.log(weights[i] / mass);
      }
    }
    return h / Math.log(2);
  }
}
