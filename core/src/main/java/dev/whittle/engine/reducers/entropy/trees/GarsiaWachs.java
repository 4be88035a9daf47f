package dev.whittle.engine.reducers.entropy.trees;

import java.util.ArrayList;
import java.util.List;

/**
 * Optimal ordered (alphabetic) trees by the Garsia-Wachs algorithm: combine the leftmost pair whose
 * right neighbour is at least as heavy as its left member, move the combined node left past every
 * lighter node, and repeat; the leaf depths of the resulting (unordered) tree are the depths of an
 * optimal ordered tree, which is then rebuilt in order from those depths. This implementation uses
 * a list and runs in O(n^2) in the worst case, fast for the tree sizes Entropy Debugging uses.
 */
final class GarsiaWachs implements OrderedTreeBuilder {
  @Override
  public OrderedTree build(double[] weights) {
    Weights.check(weights);
    int n = weights.length;
    if (n == 1) {
      return OrderedTree.leaf(0);
    }
    int[] depths = optimalDepths(weights);
    return fromDepths(depths);
  }

  /** Phases 1 and 2: combine, then read off each leaf's depth. */
  static int[] optimalDepths(double[] weights) {
    int n = weights.length;
    // Nodes of the combination tree: 0..n-1 are leaves, then combined nodes.
    int[] parent = new int[2 * n];
    List<double[]> sequence = new ArrayList<>(n + 2); // {weight, node}
    sequence.add(new double[] {Double.POSITIVE_INFINITY, -1});
    for (int i = 0; i < n; i++) {
      sequence.add(new double[] {weights[i], i});
    }
    sequence.add(new double[] {Double.POSITIVE_INFINITY, -1});
    int next = n;
    while (sequence.size() > 3) {
      int k = 2;
      while (sequence.get(k - 2)[0] > sequence.get(k)[0]) {
        k++;
      }
      // combine the pair at k-2, k-1 (a left neighbour heavier than its right neighbour's weight)
      double[] a = sequence.get(k - 2);
      double[] b = sequence.get(k - 1);
      if (a[1] < 0 || b[1] < 0) {
        // Only happens when the pair straddles a sentinel; shift right to the real pair.
        throw new IllegalStateException("Garsia-Wachs combined a sentinel");
      }
      int node = next++;
      parent[(int) a[1]] = node;
      parent[(int) b[1]] = node;
      double weight = a[0] + b[0];
      sequence.remove(k - 1);
      sequence.remove(k - 2);
      int j = k - 3;
      while (sequence.get(j)[0] < weight) {
        j--;
      }
      sequence.add(j + 1, new double[] {weight, node});
    }
    int root = next - 1;
    int[] nodeDepth = new int[next];
    for (int v = next - 1; v >= 0; v--) {
      nodeDepth[v] = v == root ? 0 : nodeDepth[parent[v]] + 1;
    }
    int[] depths = new int[n];
    System.arraycopy(nodeDepth, 0, depths, 0, n);
    return depths;
  }

  /** Phase 3: the unique ordered tree with the given leaf depths. */
  static OrderedTree fromDepths(int[] depths) {
    OrderedTree[] stack = new OrderedTree[depths.length];
    int[] stackDepth = new int[depths.length];
    int top = 0;
    for (int symbol = 0; symbol < depths.length; symbol++) {
      stack[top] = OrderedTree.leaf(symbol);
      stackDepth[top++] = depths[symbol];
      while (top >= 2 && stackDepth[top - 1] == stackDepth[top - 2]) {
        OrderedTree joined = OrderedTree.join(stack[top - 2], stack[top - 1]);
        int depth = stackDepth[top - 1] - 1;
        top -= 2;
        stack[top] = joined;
        stackDepth[top++] = depth;
      }
    }
    if (top != 1 || stackDepth[0] != 0) {
      throw new IllegalStateException("depths do not form an ordered tree");
    }
    return stack[0];
  }
}
