package dev.whittle.engine.algorithms.entropy.decisiontrees;

import java.util.ArrayList;
import java.util.List;

/**
 * The paper's ordered Huffman code: join the adjacent pair of least total weight, in place, until
 * one tree remains. Fast and close to optimal, but not optimal.
 */
final class OrderedHuffman implements OrderedTreeBuilder {
  @Override
  public OrderedTree build(double[] weights) {
    Weights.check(weights);
    List<OrderedTree> trees = new ArrayList<>(weights.length);
    List<Double> mass = new ArrayList<>(weights.length);
    for (int i = 0; i < weights.length; i++) {
      trees.add(OrderedTree.leaf(i));
      mass.add(weights[i]);
    }
    while (trees.size() > 1) {
      int best = 0;
      for (int i = 1; i + 1 < trees.size(); i++) {
        if (mass.get(i) + mass.get(i + 1) < mass.get(best) + mass.get(best + 1)) {
          best = i;
        }
      }
      trees.set(best, OrderedTree.join(trees.get(best), trees.get(best + 1)));
      mass.set(best, mass.get(best) + mass.get(best + 1));
      trees.remove(best + 1);
      mass.remove(best + 1);
    }
    return trees.get(0);
  }
}
