package dev.whittle.engine.algorithms.entropy;

import dev.whittle.engine.algorithms.entropy.decisiontrees.OrderedTree;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/**
 * The inner nodes of a decision tree a walk from {@code root} is most likely to visit: the root,
 * then best first by the probability of reaching each node, which is its leaves' share of the
 * root's weight. These are the questions worth asking on speculation.
 */
final class LikelyNodes {
  private LikelyNodes() {}

  /** A node and the chance that a walk from the root reaches it. */
  record Reach(OrderedTree node, double probability) {}

  static List<Reach> from(OrderedTree root, double[] weights, int count) {
    double[] prefix = prefixSums(weights);
    double total = Math.max(weightOf(root, prefix), Double.MIN_NORMAL);
    PriorityQueue<Reach> frontier =
        new PriorityQueue<>((a, b) -> Double.compare(b.probability(), a.probability()));
    frontier.add(new Reach(root, 1.0));
    List<Reach> chosen = new ArrayList<>(count);
    while (!frontier.isEmpty() && chosen.size() < count) {
      Reach reach = frontier.poll();
      chosen.add(reach);
      OrderedTree node = reach.node();
      for (OrderedTree child : List.of(node.left(), node.right())) {
        if (!child.isLeaf()) {
          frontier.add(new Reach(child, weightOf(child, prefix) / total));
        }
      }
    }
    return chosen;
  }

  /**
   * The leaf a walk from {@code root} most likely ends in (the first of equals), and the chance
   * that it does.
   */
  static Reach likeliestLeaf(OrderedTree root, double[] weights) {
    int best = root.first();
    for (int i = root.first() + 1; i < root.last(); i++) {
      if (weights[i] > weights[best]) {
        best = i;
      }
    }
    double total = Math.max(weightOf(root, prefixSums(weights)), Double.MIN_NORMAL);
    return new Reach(OrderedTree.leaf(best), weights[best] / total);
  }

  private static double[] prefixSums(double[] weights) {
    double[] prefix = new double[weights.length + 1];
    for (int i = 0; i < weights.length; i++) {
      prefix[i + 1] = prefix[i] + weights[i];
    }
    return prefix;
  }

  private static double weightOf(OrderedTree node, double[] prefix) {
    return prefix[node.last()] - prefix[node.first()];
  }
}
