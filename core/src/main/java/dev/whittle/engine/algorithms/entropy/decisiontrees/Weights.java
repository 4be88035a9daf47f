package dev.whittle.engine.algorithms.entropy.decisiontrees;

import static com.google.common.base.Preconditions.checkArgument;

/** Checks and sums shared by the tree builders. */
final class Weights {
  private Weights() {}

  static void check(double[] weights) {
    checkArgument(weights.length > 0, "a tree needs at least one symbol");
    for (int i = 0; i < weights.length; i++) {
      double w = weights[i];
      checkArgument(
          w >= 0 && Double.isFinite(w),
          "weight %s of symbol %s is not finite and non-negative",
          Double.valueOf(w),
          Integer.valueOf(i));
    }
  }

  /** {@code prefix[i]} is the sum of the first {@code i} weights. */
  static double[] prefixSums(double[] weights) {
    double[] prefix = new double[weights.length + 1];
    for (int i = 0; i < weights.length; i++) {
      prefix[i + 1] = prefix[i] + weights[i];
    }
    return prefix;
  }
}
