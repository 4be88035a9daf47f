package dev.whittle.engine.reducers.entropy;

import dev.whittle.engine.reducers.entropy.decisiontrees.OrderedTree;
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

  private record Reach(OrderedTree node, double probability) {}

  static List<OrderedTree> from(OrderedTree root, double[] weights, int count) {
    double[] prefix = new double[weights.length + 1];
    for (int i = 0; i < weights.length; i++) {
      prefix[i + 1] = prefix[i] + weights[i];
    }
    double total = Math.max(weightOf(root, prefix), Double.MIN_NORMAL);
    PriorityQueue<Reach> frontier =
        new PriorityQueue<>((a, b) -> Double.compare(b.probability(), a.probability()));
    frontier.add(new Reach(root, 1.0));
    List<OrderedTree> chosen = new ArrayList<>(count);
    while (!frontier.isEmpty() && chosen.size() < count) {
      OrderedTree node = frontier.poll().node();
      chosen.add(node);
      for (OrderedTree child : List.of(node.left(), node.right())) {
        if (!child.isLeaf()) {
          frontier.add(new Reach(child, weightOf(child, prefix) / total));
        }
      }
    }
    return chosen;
  }

  private static double weightOf(OrderedTree node, double[] prefix) {
    return prefix[node.last()] - prefix[node.first()];
  }
}
