package dev.whittle.engine.tree.reduce;

import static dev.whittle.engine.tree.reduce.TreePassTest.BOOM;
import static dev.whittle.engine.tree.reduce.TreePassTest.JSON;
import static dev.whittle.engine.tree.reduce.TreePassTest.bytes;
import static dev.whittle.engine.tree.reduce.TreePassTest.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.Algorithms;
import dev.whittle.api.Oracle;
import dev.whittle.api.Pass;
import dev.whittle.api.Reduction;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.Whittle;
import dev.whittle.engine.tree.lenient.LenientFormats;
import org.junit.jupiter.api.Test;

/**
 * The tree passes in a whole reduction: the same oracle loop, cache and budget, the pass scheduler,
 * the algorithm after them for a 1-minimal result, and jobs.
 */
class TreePipelineTest {
  private static ReductionResult<byte[]> reduce(int jobs) {
    Reduction<byte[]> reduction =
        Whittle.reduce(SequenceInputs.bytes(bytes(JSON)))
            .withAlgorithm(Algorithms.entropyDebugging())
            .withPassesFirst(true)
            .withJobs(jobs);
    for (Pass<byte[]> pass :
        TreePasses.forText(LenientFormats.auto(), Algorithms.entropyDebugging())) {
      reduction = reduction.withPass(pass);
    }
    return reduction.run(Oracle.of(BOOM));
  }

  @Test
  void treePassesThenTheAlgorithmGiveAOneMinimalValidResult() {
    ReductionResult<byte[]> result = reduce(1);
    // Lift and debracket take off the wrappers; the least valid JSON with "boom" in it.
    assertEquals("\"boom\"", text(result.reduced()));
    assertTrue(result.oneMinimal());
    assertTrue(BOOM.test(result.reduced()));
  }

  @Test
  void jobsDoNotChangeTheResult() {
    assertEquals(text(reduce(1).reduced()), text(reduce(3).reduced()));
  }
}
