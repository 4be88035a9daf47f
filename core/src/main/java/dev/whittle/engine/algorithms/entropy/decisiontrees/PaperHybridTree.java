package dev.whittle.engine.algorithms.entropy.decisiontrees;

/**
 * The paper's default builder: optimal for up to 10 symbols, ordered Huffman from 51 on, and in
 * between the cheaper of ordered Huffman and an information-gain split whose sides are built the
 * same way, with optimal subtrees up to 6 symbols.
 */
final class PaperHybridTree implements OrderedTreeBuilder {
  private static final int OPTIMAL_UP_TO = 10;
  private static final int HUFFMAN_FROM = 51;
  private static final int OPTIMAL_SUBTREE_UP_TO = 6;

  private final OrderedTreeBuilder optimal = new GarsiaWachs();
  private final OrderedTreeBuilder huffman = new OrderedHuffman();

  @Override
  public OrderedTree build(double[] weights) {
    Weights.check(weights);
    if (weights.length <= OPTIMAL_UP_TO) {
      return optimal.build(weights);
    }
    if (weights.length >= HUFFMAN_FROM) {
      return huffman.build(weights);
    }
    return combined(weights);
  }

  private OrderedTree combined(double[] weights) {
    if (weights.length <= OPTIMAL_SUBTREE_UP_TO) {
      return optimal.build(weights);
    }
    OrderedTree byHuffman = huffman.build(weights);
    double[] prefix = Weights.prefixSums(weights);
    int split = bestSplit(weights, prefix, 0, weights.length);
    OrderedTree left = combined(java.util.Arrays.copyOfRange(weights, 0, split));
    OrderedTree right =
        shift(combined(java.util.Arrays.copyOfRange(weights, split, weights.length)), split);
    OrderedTree byGain = OrderedTree.join(left, right);
    return byGain.cost(weights) < byHuffman.cost(weights) ? byGain : byHuffman;
  }

  private static OrderedTree shift(OrderedTree tree, int offset) {
    if (tree.isLeaf()) {
      return OrderedTree.leaf(tree.symbol() + offset);
    }
    return OrderedTree.join(shift(tree.left(), offset), shift(tree.right(), offset));
  }

  /** The split with the largest gain, that is the smallest sum of the two sides' entropies. */
  private static int bestSplit(double[] weights, double[] prefix, int from, int to) {
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
