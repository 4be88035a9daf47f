package dev.whittle.engine.passes.text;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.Oracle;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.Whittle;
import dev.whittle.engine.passes.bytes.BytePasses;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** Filler runs: a failure bound by length certified in a question per run, not per byte. */
class FillRunPassTest {
  /** Interesting: at least 1500 bytes and a '#' somewhere, whatever the other bytes are. */
  private static final Predicate<byte[]> LONG_WITH_HASH =
      data -> data.length >= 1500 && new String(data, ISO_8859_1).contains("#");

  private static byte[] varied(int size) {
    SplittableRandom random = new SplittableRandom(7);
    byte[] out = new byte[size];
    for (int i = 0; i < size; i++) {
      out[i] = (byte) (i % 40 == 39 ? '\n' : 'b' + random.nextInt(20));
    }
    out[size / 3] = '#';
    return out;
  }

  @Test
  void everyByteButTheTriggerAndTheLineBreaksBecomesTheFiller() {
    byte[] input = varied(2000);
    byte[] out = new FillRunPass().reduce(input, LONG_WITH_HASH::test);
    assertEquals(input.length, out.length);
    assertEquals('#', out[input.length / 3]);
    int hash = input.length / 3;
    int run = input.length / 128; // the shortest run filled: the trigger keeps at most its own
    for (int i = 0; i < out.length; i++) {
      if (Math.abs(i - hash) < 2 * run) {
        continue;
      }
      byte expected = input[i] == '\n' ? input[i] : (byte) 'a';
      assertEquals(expected, out[i], "byte " + i);
    }
  }

  @Test
  void uniformContentAndSmallInputsAreLeftWithoutAQuestion() {
    byte[] uniform = "a".repeat(1500).getBytes(ISO_8859_1);
    byte[] small = "bcd#".repeat(20).getBytes(ISO_8859_1);
    FillRunPass pass = new FillRunPass();
    assertSame(uniform, pass.reduce(uniform, data -> fail()));
    assertSame(small, pass.reduce(small, data -> fail()));
  }

  @Test
  void aLengthBoundReductionAsksFarFewerQuestionsAndEndsNoLarger() {
    byte[] input = varied(2000);
    ReductionResult<byte[]> plain =
        Whittle.reduce(SequenceInputs.bytes(input))
            .withPassesFirst(true)
            .withPass(BytePasses.byteRuns())
            .run(Oracle.of(LONG_WITH_HASH));
    ReductionResult<byte[]> filled =
        Whittle.reduce(SequenceInputs.bytes(input))
            .withPassesFirst(true)
            .withPass(TextPasses.fillRuns())
            .withPass(BytePasses.byteRuns())
            .run(Oracle.of(LONG_WITH_HASH));
    assertEquals(1500, plain.reduced().length);
    assertEquals(1500, filled.reduced().length);
    assertTrue(
        filled.runs() * 3 < plain.runs(),
        filled.runs() + " calls with filler runs, " + plain.runs() + " without");
  }

  private static boolean fail() {
    throw new AssertionError("asked a question");
  }
}
