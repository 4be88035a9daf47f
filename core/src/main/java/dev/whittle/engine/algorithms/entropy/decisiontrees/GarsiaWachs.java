package dev.whittle.engine.algorithms.entropy.decisiontrees;

/**
 * Optimal ordered (alphabetic) trees by the Garsia-Wachs algorithm: combine the leftmost pair whose
 * right neighbour is at least as heavy as its left member, move the combined node left past every
 * lighter node, and repeat; the leaf depths of the resulting (unordered) tree are the depths of an
 * optimal ordered tree, which is then rebuilt in order from those depths. The scan resumes where
 * the last combination landed, so the geometric-looking weights of run lengths take about linear
 * time; the worst case is O(n^2).
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
    // The working sequence, with infinite sentinels at both ends: weights and node ids.
    // Nodes 0..n-1 are the leaves, later ids are combined nodes.
    double[] weight = new double[n + 2];
    int[] node = new int[n + 2];
    weight[0] = Double.POSITIVE_INFINITY;
    weight[n + 1] = Double.POSITIVE_INFINITY;
    for (int i = 0; i < n; i++) {
      weight[i + 1] = weights[i];
      node[i + 1] = i;
    }
    int length = n + 2;
    int[] parent = new int[2 * n];
    int next = n;
    int k = 2;
    while (length > 3) {
      // The leftmost pair (k-2, k-1) whose left member is no heavier than its right neighbour.
      while (weight[k - 2] > weight[k]) {
        k++;
      }
      double combined = weight[k - 2] + weight[k - 1];
      int id = next++;
      parent[node[k - 2]] = id;
      parent[node[k - 1]] = id;
      // Remove the pair, then move the combined node left past every lighter node.
      int j = k - 3;
      while (weight[j] < combined) {
        j--;
      }
      int at = j + 1;
      System.arraycopy(weight, at, weight, at + 1, k - 2 - at);
      System.arraycopy(node, at, node, at + 1, k - 2 - at);
      weight[at] = combined;
      node[at] = id;
      System.arraycopy(weight, k, weight, k - 1, length - k);
      System.arraycopy(node, k, node, k - 1, length - k);
      length--;
      // Every pair left of the insertion point is unchanged and still fails the test.
      k = Math.max(2, at);
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
