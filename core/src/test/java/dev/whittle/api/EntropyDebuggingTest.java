package dev.whittle.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.List;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Test;

class EntropyDebuggingTest {
  @Test
  void copiesLeaveTheOriginalAlone() {
    EntropyDebugging defaults = Algorithms.entropyDebugging();
    EntropyDebugging changed =
        defaults.withPresamples(7).withTreeBuilder(DecisionTreeBuilder.ORDERED_HUFFMAN).withSeed(9);
    assertEquals(0, defaults.presamples());
    assertEquals(DecisionTreeBuilder.OPTIMAL, defaults.treeBuilder());
    assertEquals(7, changed.presamples());
    assertEquals(DecisionTreeBuilder.ORDERED_HUFFMAN, changed.treeBuilder());
    assertEquals(9, changed.seed());
  }

  @Test
  void theDefaultsNameFollowsMinimization() {
    EntropyDebugging simplify = Algorithms.entropyDebugging().withMinimize(false);
    assertEquals(Algorithms.ENTROPY_SIMPLIFY, simplify.name());
    assertFalse(simplify.minimizes());
    assertEquals(Algorithms.ENTROPY, simplify.withMinimize(true).name());
    assertEquals("mine", simplify.withName("mine").withMinimize(true).name());
  }

  @Test
  void badOptionsAreNamedInTheMessage() {
    EntropyDebugging defaults = Algorithms.entropyDebugging();
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> defaults.withPresamples(-1));
    assertTrue(e.getMessage().contains("presamples"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> defaults.withCaps(1, 0.1));
    assertTrue(e.getMessage().contains("maxTreeSize"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> new MarkovModel(0.95, 0.05));
    assertTrue(e.getMessage().contains("no Markov chain"), e.getMessage());
  }

  @Test
  void unknownAlgorithmNamesListTheKnownOnes() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Algorithms.named("ddmax"));
    assertTrue(e.getMessage().contains("ddmax") && e.getMessage().contains("entropy"));
  }

  /** The research knobs are public for tests and benchmarks, and say they are experimental. */
  @Test
  void theResearchKnobsAreExperimental() {
    for (Method method : EntropyDebugging.class.getMethods()) {
      boolean knob =
          List.of(
                  "withAdapt",
                  "withBayesian",
                  "withCaps",
                  "withInitialModel",
                  "withTreeBuilder",
                  "withPresamples")
              .contains(method.getName());
      if (knob) {
        API api = method.getAnnotation(API.class);
        assertTrue(api != null && api.status() == API.Status.EXPERIMENTAL, method.getName());
      }
    }
    API type = EntropyDebugging.class.getAnnotation(API.class);
    assertEquals(API.Status.STABLE, type.status());
  }
}
