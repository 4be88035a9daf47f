package dev.whittle.engine.algorithms.entropy.decisiontrees;

import static com.google.common.base.Preconditions.checkArgument;
import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * A binary decision tree whose leaves are the symbols {@code 0 .. n-1} in order. An inner node
 * covering leaves {@code [first, last)} splits them at {@code split}: the left subtree holds {@code
 * [first, split)}, the right {@code [split, last)}. In Entropy Debugging every inner node is one
 * run, so the expected number of calls is the expected leaf depth.
 */
@API(status = INTERNAL, since = "0.1")
public final class OrderedTree {
  private final int first;
  private final int last;
  private final OrderedTree left;
  private final OrderedTree right;

  private OrderedTree(int first, int last, OrderedTree left, OrderedTree right) {
    this.first = first;
    this.last = last;
    this.left = left;
    this.right = right;
  }

  public static OrderedTree leaf(int symbol) {
    checkArgument(symbol >= 0, "symbol must not be negative, was %s", symbol);
    return new OrderedTree(symbol, symbol + 1, null, null);
  }

  /** Joins two trees over adjacent symbol ranges, {@code left} first. */
  public static OrderedTree join(OrderedTree left, OrderedTree right) {
    checkArgument(
        left.last == right.first,
        "subtrees must cover adjacent symbols: [%s, %s) then [%s, %s)",
        left.first,
        left.last,
        right.first,
        right.last);
    return new OrderedTree(left.first, right.last, left, right);
  }

  public boolean isLeaf() {
    return left == null;
  }

  /** The only symbol of a leaf. */
  public int symbol() {
    checkArgument(isLeaf(), "not a leaf: %s", this);
    return first;
  }

  /** The first symbol of the right subtree: a question separates symbols below it from the rest. */
  public int split() {
    checkArgument(!isLeaf(), "a leaf has no split: %s", this);
    return right.first;
  }

  public OrderedTree left() {
    return left;
  }

  public OrderedTree right() {
    return right;
  }

  public int first() {
    return first;
  }

  public int last() {
    return last;
  }

  /** Depth of every leaf, by symbol. */
  public int[] depths() {
    int[] depths = new int[last - first];
    fillDepths(0, depths);
    return depths;
  }

  private void fillDepths(int depth, int[] depths) {
    if (isLeaf()) {
      depths[first - this.first] = depth;
      return;
    }
    int base = this.first;
    left.fillDepthsFrom(base, depth + 1, depths);
    right.fillDepthsFrom(base, depth + 1, depths);
  }

  private void fillDepthsFrom(int base, int depth, int[] depths) {
    if (isLeaf()) {
      depths[first - base] = depth;
      return;
    }
    left.fillDepthsFrom(base, depth + 1, depths);
    right.fillDepthsFrom(base, depth + 1, depths);
  }

  /** Σ weight × depth: the expected number of questions when weights are probabilities. */
  public double cost(double[] weights) {
    checkArgument(
        weights.length == last - first, "%s weights for %s leaves", weights.length, last - first);
    int[] depths = depths();
    double cost = 0;
    for (int i = 0; i < depths.length; i++) {
      cost += weights[i] * depths[i];
    }
    return cost;
  }

  @Override
  public String toString() {
    return isLeaf() ? Integer.toString(first) : "(" + left + " " + right + ")";
  }
}
