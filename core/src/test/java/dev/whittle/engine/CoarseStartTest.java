package dev.whittle.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.Algorithm;
import dev.whittle.api.Algorithms;
import dev.whittle.api.ContentTester;
import dev.whittle.api.Oracle;
import dev.whittle.api.Pass;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.Whittle;
import java.nio.charset.StandardCharsets;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Inputs that hold two ways to the same failure, where the 1-minimal result of one is no
 * subsequence of the other's: the shapes of the two parser crashes where the default reduction
 * (entropy, passes in rounds, the chunk check) ended larger than plain ddmin. Deleting item by item
 * from the front takes the first way apart while the second still holds the failure, and no
 * deletion from what is left leads back; ddmin's first, coarse chunks take the second way off whole
 * and keep the first. The pipeline starts as ddmin does, so it settles on ddmin's way; plain
 * entropy, which must ask what the paper's asks, does not.
 */
class CoarseStartTest {
  /**
   * An HTML crash's shape: an element that must come first, then either of two elements after it (a
   * {@code <pre>} or a {@code <textarea>} in the crash); the one first in the input is shorter.
   */
  private static final Predicate<byte[]> ELEMENT_THEN_EITHER =
      bytes -> {
        String text = withoutJunk(bytes);
        return text.startsWith("<n>") && (text.contains("<pre>") || text.contains("<textarea>"));
      };

  private static final byte[] HTML_LIKE =
      latin1("<n>" + "j".repeat(8) + "<pre>" + "j".repeat(8) + "<textarea>" + "k".repeat(24));

  /**
   * A JSON crash's shape: a number whose token must reach a length, made of digits and, after them,
   * NULs, each of which counts for less than a digit (two for one here).
   */
  private static final Predicate<byte[]> LONG_ENOUGH_NUMBER =
      bytes -> {
        String text = withoutJunk(bytes);
        String digits = text.replaceAll("\0+$", "");
        int nuls = text.length() - digits.length();
        return text.startsWith("{q:")
            && digits.substring(3).matches("[0-9]+")
            && (digits.length() - 3) + nuls / 2 >= 10;
      };

  private static final byte[] JSON_LIKE =
      latin1("{q:" + "j".repeat(6) + "12345678901234" + "\0".repeat(32) + "k".repeat(24));

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

  private static String withoutJunk(byte[] bytes) {
    return new String(bytes, StandardCharsets.ISO_8859_1).replace("j", "").replace("k", "");
  }

  private static byte[] latin1(String text) {
    return text.getBytes(StandardCharsets.ISO_8859_1);
  }

  private static String pipeline(byte[] input, Predicate<byte[]> interesting) {
    ReductionResult<byte[]> result =
        Whittle.reduce(SequenceInputs.bytes(input))
            .withPass(new Idle())
            .withPassesFirst(true)
            .withChunkCheck(true)
            .run(Oracle.of(interesting));
    assertTrue(result.oneMinimal(), result.toString());
    return latin1(result.reduced());
  }

  /** The pipeline with the coarse start and without the chunk check, as whittle reduce's. */
  private static String coarseStartOnly(byte[] input, Predicate<byte[]> interesting) {
    ReductionResult<byte[]> result =
        Whittle.reduce(SequenceInputs.bytes(input))
            .withPass(new Idle())
            .withPassesFirst(true)
            .withCoarseStart(true)
            .run(Oracle.of(interesting));
    assertTrue(result.oneMinimal(), result.toString());
    return latin1(result.reduced());
  }

  private static String alone(Algorithm algorithm, byte[] input, Predicate<byte[]> interesting) {
    return latin1(
        Whittle.reduce(SequenceInputs.bytes(input))
            .withAlgorithm(algorithm)
            .run(Oracle.of(interesting))
            .reduced());
  }

  private static String latin1(byte[] bytes) {
    return new String(bytes, StandardCharsets.ISO_8859_1);
  }

  @Test
  void theFirstOfTwoAlternativesIsKeptAsPlainDdminKeepsIt() {
    assertEquals("<n><pre>", alone(Algorithms.ddmin(), HTML_LIKE, ELEMENT_THEN_EITHER));
    assertEquals("<n><pre>", pipeline(HTML_LIKE, ELEMENT_THEN_EITHER));
  }

  @Test
  void aLengthMadeOfDigitsIsKeptAsPlainDdminKeepsIt() {
    String tenDigits = "{q:1234567890";
    assertEquals(tenDigits, alone(Algorithms.ddmin(), JSON_LIKE, LONG_ENOUGH_NUMBER));
    assertEquals(tenDigits, pipeline(JSON_LIKE, LONG_ENOUGH_NUMBER));
  }

  @Test
  void theCoarseStartWithoutTheChunkCheckKeepsDdminsWayToo() {
    assertEquals("<n><pre>", coarseStartOnly(HTML_LIKE, ELEMENT_THEN_EITHER));
    assertEquals("{q:1234567890", coarseStartOnly(JSON_LIKE, LONG_ENOUGH_NUMBER));
  }

  @Test
  void plainEntropyAsksWhatThePaperAsksAndKeepsTheLaterAlternative() {
    assertEquals(
        "<n><textarea>", alone(Algorithms.entropyDebugging(), HTML_LIKE, ELEMENT_THEN_EITHER));
  }
}
