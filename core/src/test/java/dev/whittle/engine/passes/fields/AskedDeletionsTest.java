package dev.whittle.engine.passes.fields;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.engine.passes.ByteArrays;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class AskedDeletionsTest {
  private final AskedDeletions asked = new AskedDeletions();

  @Test
  void anotherSpanGivingTheSameContentIsARepeat() {
    byte[] data = bytes("ab0000cd");
    assertFalse(asked.isRepeat(data, 2, 4));
    // Deleting two of the four zeros anywhere in the run gives "ab00cd".
    assertArrayEquals(
        ByteArrays.without(data, 2, 4), ByteArrays.without(data, 3, 5), "the premise of the test");
    assertTrue(asked.isRepeat(data, 3, 5));
    assertTrue(asked.isRepeat(data, 4, 6));
    assertTrue(asked.isRepeat(data, 2, 4));
  }

  @Test
  void spansGivingDifferentContentsAreNotRepeats() {
    byte[] data = bytes("ab0000cd");
    assertFalse(asked.isRepeat(data, 2, 4));
    assertFalse(asked.isRepeat(data, 1, 3)); // "a00cd"... keeps the b: another content
    assertFalse(asked.isRepeat(data, 2, 5));
    assertFalse(asked.isRepeat(data, 0, 2));
  }

  @Test
  void anotherContentForgetsWhatWasAsked() {
    byte[] data = bytes("ab0000cd");
    assertFalse(asked.isRepeat(data, 2, 4));
    assertFalse(asked.isRepeat(data.clone(), 2, 4));
  }

  @Test
  void anySpanOfTheSameLengthInALongRunIsARepeat() {
    byte[] data = new byte[1000];
    data[999] = 1;
    assertFalse(asked.isRepeat(data, 0, 4));
    assertTrue(asked.isRepeat(data, 500, 504));
    assertTrue(asked.isRepeat(data, 995, 999));
    assertFalse(asked.isRepeat(data, 996, 1000), "takes the last byte, which differs");
  }

  @Test
  void aRepeatAcrossRunsIsRecognisedWithinTheShiftBound() {
    byte[] data = bytes("xyxyxyxyq");
    assertFalse(asked.isRepeat(data, 0, 2));
    assertTrue(asked.isRepeat(data, 1, 3), "xyxyxyq either way");
    assertTrue(asked.isRepeat(data, 6, 8), "xyxyxyq either way");
    assertFalse(asked.isRepeat(data, 7, 9), "xyxyxyx: another content");
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }
}
