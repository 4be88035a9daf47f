package dev.whittle.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.Budget;
import dev.whittle.api.ContentTester;
import dev.whittle.api.Oracle;
import dev.whittle.api.Pass;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.StopReason;
import dev.whittle.api.Whittle;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A stack overflow's shape: a recursive parser that fails once its input nests {@link #DEPTH} deep,
 * inside a large document. The window start takes the document off around the nesting in a few
 * questions, and the patience ends the search where single items are all that could still go.
 */
class WindowStartRoundsTest {
  private static final int DEPTH = 400;

  /** Fails where the parens reach {@link #DEPTH} before the input ends; other bytes are skipped. */
  private static boolean overflows(byte[] bytes) {
    int depth = 0;
    for (byte b : bytes) {
      depth += b == '(' ? 1 : b == ')' ? -1 : 0;
      if (depth >= DEPTH) {
        return true;
      }
    }
    return false;
  }

  /** A document of 2,000 bytes, nesting of 100 units of eight parens and a field, 2,000 more. */
  private static final byte[] DOCUMENT =
      ("{\"a\":1,".repeat(286)
              + "((((((((;".repeat(100)
              + ")".repeat(800)
              + "{\"b\":2}".repeat(286))
          .getBytes(StandardCharsets.ISO_8859_1);

  /** A pass that never finds anything: the reduction runs in rounds, as crashes' do. */
  private static final class Idle implements Pass<byte[]> {
    @Override
    public String name() {
      return "idle";
    }

    @Override
    public byte[] reduce(byte[] current, ContentTester<byte[]> tester) {
      return current;
    }
  }

  private static ReductionResult<byte[]> reduce(boolean window, Budget budget) {
    return Whittle.reduce(SequenceInputs.bytes(DOCUMENT))
        .withPass(new Idle())
        .withPassesFirst(true)
        .withChunkCheck(true)
        .withWindowStart(window)
        .withBudget(budget)
        .run(Oracle.of(WindowStartRoundsTest::overflows));
  }

  @Test
  void theWindowStartCutsTheDocumentAroundTheNestingInAFewQuestions() {
    ReductionResult<byte[]> plain = reduce(false, Budget.unlimited());
    ReductionResult<byte[]> windowed = reduce(true, Budget.unlimited());

    assertTrue(overflows(windowed.reduced()));
    assertTrue(windowed.reduced().length <= plain.reduced().length, windowed + " " + plain);
    // The window is the nesting alone, after about 2 log2(n) questions.
    int atWindow = DOCUMENT.length;
    for (var improvement : windowed.trajectory()) {
      if (improvement.runs() <= 1 + 2 * 13) {
        atWindow = improvement.size();
      }
    }
    assertTrue(atWindow <= DEPTH / 8 * 9, windowed.trajectory().toString());
  }

  @Test
  void patienceEndsTheSearchOnceThatManyQuestionsFoundNothingSmaller() {
    // Nothing can go: every question after the original's finds nothing smaller.
    Oracle<byte[]> whole = Oracle.of(bytes -> bytes.length == DOCUMENT.length);
    ReductionResult<byte[]> patient =
        Whittle.reduce(SequenceInputs.bytes(DOCUMENT))
            .withPass(new Idle())
            .withChunkCheck(true)
            .withBudget(Budget.unlimited().withPatience(20))
            .run(whole);
    ReductionResult<byte[]> unlimited =
        Whittle.reduce(SequenceInputs.bytes(DOCUMENT))
            .withPass(new Idle())
            .withChunkCheck(true)
            .run(whole);

    assertEquals(StopReason.PATIENCE, patient.stopReason());
    assertEquals(1 + 20, patient.runs());
    assertEquals(DOCUMENT.length, patient.reduced().length);
    assertEquals(StopReason.COMPLETED, unlimited.stopReason());
    assertTrue(unlimited.runs() > 1 + 20, unlimited.toString());
  }

  @Test
  void patienceCountsFromTheLastSmallerResult() {
    ReductionResult<byte[]> patient = reduce(true, Budget.unlimited().withPatience(3));

    assertTrue(overflows(patient.reduced()));
    long lastFind = patient.trajectory().get(patient.trajectory().size() - 1).runs();
    assertTrue(patient.runs() <= lastFind + 3, patient.toString());
  }
}
