package dev.whittle.engine.algorithms.entropy.decisiontrees;

/**
 * Optimal ordered trees by Knuth's interval programme: the best tree over symbols {@code [i, j)}
 * splits where the two best subtrees cost least, and the best split point moves monotonically with
 * the interval, which makes the programme O(n^2). Used to check {@link GarsiaWachs}.
 */
final class KnuthOptimalTree implements OrderedTreeBuilder {
  @Override
  public OrderedTree build(double[] weights) {
    Weights.check(weights);
    int n = weights.length;
    double[] prefix = Weights.prefixSums(weights);
    double[][] cost = new double[n + 1][n + 1];
    int[][] root = new int[n + 1][n + 1];
    for (int i = 0; i < n; i++) {
      root[i][i + 1] = i;
    }
    for (int length = 2; length <= n; length++) {
      for (int i = 0; i + length <= n; i++) {
        int j = i + length;
        int from = Math.max(i + 1, length == 2 ? i + 1 : root[i][j - 1]);
        int to = Math.min(j - 1, length == 2 ? i + 1 : root[i + 1][j]);
        double best = Double.POSITIVE_INFINITY;
        int bestSplit = from;
        for (int s = from; s <= to; s++) {
          double c = cost[i][s] + cost[s][j];
          if (c < best) {
            best = c;
            bestSplit = s;
          }
        }
        cost[i][j] = best + prefix[j] - prefix[i];
        root[i][j] = bestSplit;
      }
    }
    return assemble(root, 0, n);
  }

  private static OrderedTree assemble(int[][] root, int i, int j) {
    if (j - i == 1) {
      return OrderedTree.leaf(i);
    }
    int s = root[i][j];
    return OrderedTree.join(assemble(root, i, s), assemble(root, s, j));
  }
}
