package dev.whittle.engine.tree.grammar;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.whittle.api.ContentTester;
import dev.whittle.api.Pass;
import dev.whittle.api.StopReason;
import dev.whittle.engine.sequence.StopCheck;
import dev.whittle.engine.sequence.StopReduction;
import org.junit.jupiter.api.Test;

/** The grammar passes ask whether to stop once they have parsed, before their first question. */
class GrammarPassStopTest {
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
  void theGrammarReducersStopBeforeTheirFirstQuestionOnceTheDeadlineHasPassed() {
    byte[] json = "{\"a\": [1, 2, {\"b\": \"c\"}]}".getBytes(UTF_8);
    for (Pass<byte[]> pass : GrammarPasses.forBuilder(GrammarFixtures.json())) {
      PastDeadline tester = new PastDeadline();

      assertThrows(StopReduction.class, () -> pass.reduce(json, tester), pass.name());
      assertEquals(0, tester.asked, pass.name());
    }
  }
}
