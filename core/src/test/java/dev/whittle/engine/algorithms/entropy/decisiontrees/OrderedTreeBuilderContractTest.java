package dev.whittle.engine.algorithms.entropy.decisiontrees;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.DecisionTreeBuilder;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The contract of {@link OrderedTreeBuilder}, run by every builder. */
class OrderedTreeBuilderContractTest {
  private static final OrderedTreeBuilder REFERENCE = new KnuthOptimalTree();

  @ParameterizedTest
  @EnumSource(DecisionTreeBuilder.class)
  void leavesAreTheSymbolsInOrder(DecisionTreeBuilder choice) {
    Random random = new Random(1);
    for (int n = 1; n <= 60; n++) {
      OrderedTree tree = TreeBuilders.of(choice).build(randomWeights(random, n));
      assertArrayEquals(IntStream.range(0, n).toArray(), leaves(tree), choice + " n=" + n);
    }
  }

  @ParameterizedTest
  @EnumSource(DecisionTreeBuilder.class)
  void neverBeatsTheOptimum(DecisionTreeBuilder choice) {
    Random random = new Random(2);
    for (int trial = 0; trial < 200; trial++) {
      double[] weights = randomWeights(random, 1 + random.nextInt(40));
      double optimum = REFERENCE.build(weights).cost(weights);
      double cost = TreeBuilders.of(choice).build(weights).cost(weights);
      assertTrue(cost >= optimum - 1e-9, choice + " beat the optimum: " + cost + " < " + optimum);
    }
  }

  @Test
  void garsiaWachsIsExactlyOptimal() {
    Random random = new Random(3);
    OrderedTreeBuilder optimal = TreeBuilders.of(DecisionTreeBuilder.OPTIMAL);
    for (int trial = 0; trial < 2000; trial++) {
      double[] weights =
          trial % 3 == 0
              ? skewedWeights(random, 1 + random.nextInt(70))
              : randomWeights(random, 1 + random.nextInt(70));
      assertEquals(
          REFERENCE.build(weights).cost(weights),
          optimal.build(weights).cost(weights),
          1e-9 * (1 + REFERENCE.build(weights).cost(weights)),
          () -> "weights " + java.util.Arrays.toString(weights));
    }
  }

  @Test
  void orderedHuffmanIsNotOptimalEverywhere() {
    // The adjacent-pair rule is greedy: somewhere in random trials it must lose to the optimum,
    // otherwise the paper's claim that it is only near-optimal would be wrong (or our code is).
    Random random = new Random(4);
    OrderedTreeBuilder huffman = TreeBuilders.of(DecisionTreeBuilder.ORDERED_HUFFMAN);
    boolean lost = false;
    for (int trial = 0; trial < 500 && !lost; trial++) {
      double[] weights = randomWeights(random, 3 + random.nextInt(20));
      lost = huffman.build(weights).cost(weights) > REFERENCE.build(weights).cost(weights) + 1e-9;
    }
    assertTrue(lost);
  }

  @Test
  void knownOptimalTree() {
    // Weights 1, 1, 4: the heavy leaf goes alone at depth 1: ((0 1) 2) costs 2+2+4 = 8, (0 (1 2))
    // 11
    double[] weights = {1, 1, 4};
    OrderedTree tree = TreeBuilders.of(DecisionTreeBuilder.OPTIMAL).build(weights);
    assertEquals("((0 1) 2)", tree.toString());
    assertEquals(2 + 2 + 4, tree.cost(weights), 1e-12);
  }

  @Test
  void rejectsBadWeights() {
    for (DecisionTreeBuilder choice : DecisionTreeBuilder.values()) {
      OrderedTreeBuilder builder = TreeBuilders.of(choice);
      assertThrows(IllegalArgumentException.class, () -> builder.build(new double[0]));
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class, () -> builder.build(new double[] {1, -1, 2}));
      assertTrue(e.getMessage().contains("symbol 1"), e.getMessage());
      assertThrows(
          IllegalArgumentException.class, () -> builder.build(new double[] {1, Double.NaN}));
    }
  }

  static double[] randomWeights(Random random, int n) {
    double[] weights = new double[n];
    for (int i = 0; i < n; i++) {
      weights[i] = random.nextInt(5) == 0 ? 0 : random.nextDouble();
    }
    return weights;
  }

  /** Geometric-looking weights with one heavy symbol, like run-length distributions. */
  static double[] skewedWeights(Random random, int n) {
    double[] weights = new double[n];
    double q = random.nextDouble();
    for (int i = 0; i < n; i++) {
      weights[i] = Math.pow(q, i) * (i == 0 ? 5 * random.nextDouble() : 1);
    }
    return weights;
  }

  private static int[] leaves(OrderedTree tree) {
    return tree.isLeaf()
        ? new int[] {tree.symbol()}
        : IntStream.concat(IntStream.of(leaves(tree.left())), IntStream.of(leaves(tree.right())))
            .toArray();
  }
}
