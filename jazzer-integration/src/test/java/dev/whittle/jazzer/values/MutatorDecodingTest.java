package dev.whittle.jazzer.values;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Is the mutation framework's reader total? Thousands of random byte strings, decoded by the real
 * ArgumentsMutator for three signatures. Findings (docs/algorithms.md): every byte string decodes
 * except where a record's own constructor throws; re-encoding is canonical (a second round trip
 * changes nothing) and often longer than the bytes read, because the reader pads short input with
 * zeros and the writer writes them out.
 */
class MutatorDecodingTest {
  private static final int INPUTS = 5_000;

  /** Random bytes, mostly short (where padding matters), some up to 2 KiB. */
  private static byte[] randomBytes(Random random) {
    int length = random.nextInt(4) == 0 ? random.nextInt(2048) : random.nextInt(24);
    byte[] bytes = new byte[length];
    random.nextBytes(bytes);
    return bytes;
  }

  private record Tally(int decoded, int failed, int longer) {}

  private static Tally decodeMany(Method method, long seed) {
    MutatorCodec codec = MutatorCodec.forMethod(method);
    Random random = new Random(seed);
    int decoded = 0;
    int failed = 0;
    int longer = 0;
    for (int i = 0; i < INPUTS; i++) {
      byte[] bytes = randomBytes(random);
      Object[] arguments;
      try {
        arguments = MutatorTargets.decode(method, bytes);
      } catch (RuntimeException e) {
        // The only failure: the record's own validation, wrapped by the reader.
        assertInstanceOf(IllegalArgumentException.class, e.getCause(), () -> e.toString());
        assertTrue(e.getCause().getMessage().startsWith("lo > hi"), e::toString);
        failed++;
        continue;
      }
      decoded++;
      byte[] encoded = MutatorTargets.encode(method, arguments);
      if (encoded.length > bytes.length) {
        longer++;
      }
      // Canonical: what the writer wrote reads back to the same values, written the same way.
      assertArrayEquals(
          encoded, MutatorTargets.encode(method, MutatorTargets.decode(method, encoded)));
      assertTrue(codec.isCanonical(encoded));
    }
    return new Tally(decoded, failed, longer);
  }

  @Test
  void everyByteStringDecodesForStringAndInt() {
    Tally tally = decodeMany(MutatorTargets.method("stringAndInt"), 1);
    assertEquals(INPUTS, tally.decoded());
    // Short inputs are padded: their encodings are longer (at least the int's 4 bytes and more).
    assertTrue(tally.longer() > INPUTS / 2, () -> "longer: " + tally);
  }

  @Test
  void everyByteStringDecodesForAListOfIntegers() {
    Tally tally = decodeMany(MutatorTargets.method("listOfIntegers"), 2);
    assertEquals(INPUTS, tally.decoded());
    assertTrue(tally.longer() > 0, () -> "longer: " + tally);
  }

  @Test
  void aValidatingRecordIsTheOnlyThingThatDoesNotDecode() {
    Tally tally = decodeMany(MutatorTargets.method("interval"), 3);
    // lo > hi for about half of the inputs that are not null (a null flag of 0 decodes to null).
    assertTrue(tally.failed() > INPUTS / 5, () -> "failed: " + tally);
    assertTrue(tally.decoded() > INPUTS / 5, () -> "decoded: " + tally);
    assertEquals(INPUTS, tally.decoded() + tally.failed());
  }

  @Test
  void theCodecSaysWhenBytesDoNotDecode() {
    Method method = MutatorTargets.method("interval");
    MutatorCodec codec = MutatorCodec.forMethod(method);
    // Present flag 1, lo = 9, hi = 1.
    byte[] invalid = {1, 0, 0, 0, 9, 0, 0, 0, 1};
    assertTrue(codec.tryDecode(invalid).isEmpty());
    assertTrue(!codec.isCanonical(invalid));
  }
}
