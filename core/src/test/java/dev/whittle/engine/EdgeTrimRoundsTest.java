package dev.whittle.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.ContentTester;
import dev.whittle.api.Oracle;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.ValueReducer;
import dev.whittle.api.Whittle;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * A result every single deletion of which fails but whose head goes whole: the shape of an XML
 * crash whose declaration the rest stopped needing once a later part went, where plain ddmin ended
 * without the declaration and the default reduction (entropy, passes in rounds) with it.
 */
class EdgeTrimRoundsTest {
  private static final String HEAD = "<!D[]>";

  /**
   * Interesting: without its junk ('j', 'k'), the declaration, an element and a value; the
   * declaration and the element; or the element alone. Taking the value out makes the declaration
   * unneeded, but only as a whole.
   */
  private static final Predicate<byte[]> DECLARATION_THEN_ELEMENT =
      bytes -> {
        String core =
            new String(bytes, StandardCharsets.ISO_8859_1).replace("j", "").replace("k", "");
        return Set.of(HEAD + "n\nA", HEAD + "n\n", "n\n").contains(core);
      };

  private static final byte[] INPUT = (HEAD + "jjjn\nAkkk").getBytes(StandardCharsets.ISO_8859_1);

  /** A pass that never finds anything: the reduction runs in rounds, as crashes' do. */
  private static final class Idle implements ValueReducer<byte[]> {
    @Override
    public String name() {
      return "idle";
    }

    @Override
    public byte[] reduce(byte[] current, ContentTester<byte[]> tester) {
      return current;
    }
  }

  @Test
  void aHeadThatOnlyGoesWholeIsCutOffTheSettledResult() {
    ReductionResult<byte[]> result =
        Whittle.reduce(SequenceInputs.bytes(INPUT))
            .withValueReducer(new Idle())
            .withValueReducersFirst(true)
            .run(Oracle.of(DECLARATION_THEN_ELEMENT));

    assertEquals("n\n", new String(result.reduced(), StandardCharsets.ISO_8859_1));
    assertTrue(result.oneMinimal());
  }
}
