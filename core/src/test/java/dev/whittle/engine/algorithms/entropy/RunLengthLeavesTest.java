package dev.whittle.engine.algorithms.entropy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.MarkovModel;
import dev.whittle.engine.algorithms.entropy.RunLengthLeaves.Leaf;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunLengthLeavesTest {
  @Test
  void unboundedLeavesCoverEveryRunAndSumToOne() {
    RunLengthModel model = BayesianMarkovModel.uninformed();
    List<Leaf> leaves = RunLengthLeaves.of(model, ItemState.START, 5000, Long.MAX_VALUE, 64, 1e-6);
    long expectedLow = 0;
    double total = 0;
    for (Leaf leaf : leaves) {
      assertEquals(expectedLow, leaf.low(), "leaves must be contiguous: " + leaves);
      assertTrue(leaf.weight() >= 0);
      expectedLow = leaf.high();
      total += leaf.weight();
    }
    assertTrue(leaves.get(leaves.size() - 1).end());
    assertEquals(5000, leaves.get(leaves.size() - 1).low());
    assertEquals(1.0, total, 1e-9);
    assertTrue(leaves.size() < 64 + 14, "groups must double: " + leaves.size());
  }

  @Test
  void firstTreeGivesEveryRunLengthAUniformShare() {
    RunLengthModel model = BayesianMarkovModel.uninformed();
    int n = 1000;
    List<Leaf> leaves = RunLengthLeaves.of(model, ItemState.START, n, Long.MAX_VALUE, 64, 1e-6);
    for (Leaf leaf : leaves) {
      assertTrue(
          leaf.weight() >= 0.5 * (leaf.high() - leaf.low()) / (n + 1) - 1e-15, leaf::toString);
    }
    List<Leaf> later = RunLengthLeaves.of(model, ItemState.IMPORTANT, n, Long.MAX_VALUE, 64, 1e-6);
    Leaf lastGroup = later.get(later.size() - 2);
    assertTrue(lastGroup.weight() < 0.5 * (lastGroup.high() - lastGroup.low()) / (n + 1));
  }

  @Test
  void boundedLeavesStopBelowTheBoundWithoutAnEnd() {
    RunLengthModel model = BayesianMarkovModel.uninformed();
    List<Leaf> leaves = RunLengthLeaves.of(model, ItemState.UNIMPORTANT, 100, 7, 64, 1e-6);
    assertEquals(7, leaves.size());
    assertFalse(leaves.stream().anyMatch(Leaf::end));
    assertEquals(6, leaves.get(6).low());
  }

  @Test
  void knownChainGivesGeometricRunLengths() {
    MarkovModel chain = new MarkovModel(0.5, 0.5);
    RunLengthModel model = new PointMarkovModel(chain, false);
    List<Leaf> leaves = RunLengthLeaves.of(model, ItemState.IMPORTANT, 10, Long.MAX_VALUE, 64, 0);
    assertEquals(0.5, leaves.get(0).weight(), 1e-12);
    assertEquals(0.25, leaves.get(1).weight(), 1e-12);
    assertEquals(0.125, leaves.get(2).weight(), 1e-12);
  }

  @Test
  void bayesianTailsAreHeavyUntilEvidenceArrives() {
    BayesianMarkovModel fresh = BayesianMarkovModel.uninformed();
    BayesianMarkovModel informed = BayesianMarkovModel.uninformed();
    for (int i = 0; i < 100; i++) {
      informed.observe(ItemState.IMPORTANT, 1, true); // runs of exactly one junk item
    }
    assertTrue(fresh.allUnimportant(ItemState.UNIMPORTANT, 64) > 0.1);
    assertTrue(informed.allUnimportant(ItemState.UNIMPORTANT, 64) < 1e-10);
  }
}
