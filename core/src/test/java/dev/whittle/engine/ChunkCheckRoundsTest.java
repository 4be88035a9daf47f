package dev.whittle.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.ContentTester;
import dev.whittle.api.Oracle;
import dev.whittle.api.Pass;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.Whittle;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Results every single deletion of which fails but from which a chunk of several items goes whole:
 * the shapes of two of the parser crashes where the default reduction (entropy, passes in rounds)
 * once ended larger than plain ddmin (docs/dev/crash-bench-first-run.md). The pipeline's chunk
 * check takes the chunk off; plain entropy, which must ask what the paper's asks, does not check
 * and keeps it.
 */
class ChunkCheckRoundsTest {
  private static final String HEAD = "<!D[ab]>";

  private static final String ELEMENT = "<n>x</n>";

  /**
   * An XML crash's shape: without its junk ('j', 'k'), the declaration, an element and a value; the
   * declaration and the element; or the element alone. Taking the value out makes the declaration
   * unneeded, but only as a whole.
   */
  private static final Predicate<byte[]> DECLARATION_THEN_ELEMENT =
      bytes -> Set.of(HEAD + ELEMENT + "A", HEAD + ELEMENT, ELEMENT).contains(withoutJunk(bytes));

  private static final byte[] XML_LIKE = latin1(HEAD + "jjj" + ELEMENT + "Akkk");

  /** A JSON crash's value: an object whose number a run of NULs pads. */
  private static final String VALUE = "{q:123456789012}";

  /**
   * A JSON crash's shape: the value padded by NULs that only go eight at a time (as if the parser
   * read them in words), so that no single deletion of the padding holds.
   */
  private static final Predicate<byte[]> PADDED_NUMBER =
      bytes -> {
        String core = withoutJunk(bytes);
        int nuls = core.length() - core.replace("\0", "").length();
        return core.startsWith(VALUE)
            && core.substring(VALUE.length()).equals("\0".repeat(nuls))
            && nuls % 8 == 0
            && nuls > 0;
      };

  private static final byte[] JSON_LIKE =
      latin1("{jq:1234j56789012}" + "\0".repeat(16) + "k".repeat(40));

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

  private static String inRounds(byte[] input, Predicate<byte[]> interesting) {
    return inRounds(input, interesting, true);
  }

  private static String inRounds(byte[] input, Predicate<byte[]> interesting, boolean chunkCheck) {
    ReductionResult<byte[]> result =
        Whittle.reduce(SequenceInputs.bytes(input))
            .withPass(new Idle())
            .withPassesFirst(true)
            .withChunkCheck(chunkCheck)
            .run(Oracle.of(interesting));
    assertTrue(result.oneMinimal(), result.toString());
    return new String(result.reduced(), StandardCharsets.ISO_8859_1);
  }

  private static String entropyAlone(byte[] input, Predicate<byte[]> interesting) {
    return new String(
        Whittle.reduce(SequenceInputs.bytes(input)).run(Oracle.of(interesting)).reduced(),
        StandardCharsets.ISO_8859_1);
  }

  @Test
  void aHeadThatOnlyGoesWholeIsCutOffTheSettledResult() {
    assertEquals(ELEMENT, inRounds(XML_LIKE, DECLARATION_THEN_ELEMENT));
  }

  @Test
  void paddingThatOnlyGoesInWordsIsCutOffTheSettledResult() {
    assertEquals(VALUE + "\0".repeat(8), inRounds(JSON_LIKE, PADDED_NUMBER));
  }

  @Test
  void roundsWithoutTheChunkCheckKeepWhatOnlyGoesWhole() {
    assertEquals(HEAD + ELEMENT, inRounds(XML_LIKE, DECLARATION_THEN_ELEMENT, false));
    assertEquals(VALUE + "\0".repeat(16), inRounds(JSON_LIKE, PADDED_NUMBER, false));
  }

  @Test
  void plainEntropyAsksNoChunkCheckAndKeepsWhatOnlyGoesWhole() {
    assertEquals(HEAD + ELEMENT, entropyAlone(XML_LIKE, DECLARATION_THEN_ELEMENT));
    assertEquals(VALUE + "\0".repeat(16), entropyAlone(JSON_LIKE, PADDED_NUMBER));
  }
}
