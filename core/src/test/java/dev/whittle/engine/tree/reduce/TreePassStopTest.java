package dev.whittle.engine.tree.reduce;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.whittle.api.Algorithms;
import dev.whittle.api.ContentTester;
import dev.whittle.api.Pass;
import dev.whittle.api.StopReason;
import dev.whittle.engine.sequence.StopCheck;
import dev.whittle.engine.sequence.StopReduction;
import dev.whittle.engine.tree.lenient.LenientFormats;
import org.junit.jupiter.api.Test;

/**
 * A tree pass asks its tester whether to stop once it has built its tree, before its first
 * question: building and setting up the tree of a large input takes long, and the deadline may have
 * passed meanwhile.
 */
class TreePassStopTest {
  private static final byte[] JSON = "{\"a\": [1, 2, {\"b\": \"c\"}], \"d\": (3)}".getBytes(UTF_8);

  /** A tester whose deadline has passed: no question may reach it. */
  private static final class PastDeadline implements ContentTester<byte[]>, StopCheck {
    int asked;

    @Override
    public boolean isInteresting(byte[] candidate) {
      asked++;
      return false;
    }

    @Override
    public void checkStop() {
      throw new StopReduction(StopReason.DEADLINE);
    }
  }

  @Test
  void everyTreePassStopsBeforeItsFirstQuestionOnceTheDeadlineHasPassed() {
    for (String name : TreePasses.NAMES) {
      Pass<byte[]> pass =
          TreePasses.named(
                  name, LenientFormats.json(), Algorithms.entropyDebugging(), LearnedFilters.none())
              .orElseThrow();
      PastDeadline tester = new PastDeadline();

      StopReduction stop = assertThrows(StopReduction.class, () -> pass.reduce(JSON, tester));

      assertEquals(StopReason.DEADLINE, stop.reason(), name);
      assertEquals(0, tester.asked, name);
    }
  }
}
