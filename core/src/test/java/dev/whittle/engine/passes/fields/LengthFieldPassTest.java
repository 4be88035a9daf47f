package dev.whittle.engine.passes.fields;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.Oracle;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.Whittle;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** Length-prefixed formats that byte deletion alone cannot shrink. */
class LengthFieldPassTest {
  /**
   * Records of a tag byte, a length byte and that many data bytes, back to back; interesting when
   * the whole input parses and a record tagged 7 holds an 'X'.
   */
  private static final Predicate<byte[]> TLV_WITH_X_IN_7 =
      data -> {
        boolean found = false;
        int at = 0;
        while (at < data.length) {
          if (at + 2 > data.length) {
            return false;
          }
          int tag = data[at] & 0xFF;
          int length = data[at + 1] & 0xFF;
          int start = at + 2;
          if (start + length > data.length) {
            return false;
          }
          for (int i = start; i < start + length; i++) {
            found |= tag == 7 && data[i] == 'X';
          }
          at = start + length;
        }
        return found;
      };

  /**
   * A magic, then chunks of a 4-byte big-endian length, a 4-byte type and the data; interesting
   * when it parses and a {@code BODY} chunk holds "bug".
   */
  private static final Predicate<byte[]> CHUNKS_WITH_BUG =
      data -> {
        if (data.length < 2 || data[0] != 'M' || data[1] != 'G') {
          return false;
        }
        boolean found = false;
        int at = 2;
        while (at < data.length) {
          if (at + 8 > data.length) {
            return false;
          }
          long length = LengthField.U32_BIG_ENDIAN.read(data, at);
          String type = new String(data, at + 4, 4, StandardCharsets.ISO_8859_1);
          int start = at + 8;
          if (length > data.length - start) {
            return false;
          }
          String body = new String(data, start, (int) length, StandardCharsets.ISO_8859_1);
          found |= type.equals("BODY") && body.contains("bug");
          at = start + (int) length;
        }
        return found;
      };

  @Test
  void tagLengthValueRecordsShrinkToTheOneThatMatters() {
    ByteArrayOutputStream input = new ByteArrayOutputStream();
    Random random = new Random(1);
    for (int record = 0; record < 12; record++) {
      byte[] data = new byte[20 + random.nextInt(40)];
      random.nextBytes(data);
      for (int i = 0; i < data.length; i++) {
        data[i] = (byte) ('a' + (data[i] & 15)); // no 'X' anywhere but where it is put
      }
      boolean theOne = record == 8;
      if (theOne) {
        data[data.length / 2] = 'X';
      }
      input.write(theOne ? 7 : 1 + record % 5);
      input.write(data.length);
      input.writeBytes(data);
    }
    byte[] original = input.toByteArray();
    assertTrue(TLV_WITH_X_IN_7.test(original));

    byte[] byDeletion = reduce(original, TLV_WITH_X_IN_7, false).reduced();
    byte[] withLengths = reduce(original, TLV_WITH_X_IN_7, true).reduced();

    assertTrue(byDeletion.length > 100, "deletion alone keeps whole records: " + byDeletion.length);
    assertArrayEquals(new byte[] {7, 1, 'X'}, withLengths);
  }

  @Test
  void chunksWithBigEndianLengthsAndTypesShrinkToTheBug() {
    ByteArrayOutputStream input = new ByteArrayOutputStream();
    input.writeBytes("MG".getBytes(StandardCharsets.ISO_8859_1));
    chunk(input, "HEAD", "width=40;height=30;depth=8");
    chunk(input, "NOTE", "x".repeat(300));
    chunk(input, "BODY", "...".repeat(50) + "a bug here" + "...".repeat(70));
    chunk(input, "NOTE", "y".repeat(80));
    byte[] original = input.toByteArray();
    assertTrue(CHUNKS_WITH_BUG.test(original));

    ReductionResult<byte[]> result = reduce(original, CHUNKS_WITH_BUG, true);

    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    expected.writeBytes("MG".getBytes(StandardCharsets.ISO_8859_1));
    chunk(expected, "BODY", "bug");
    assertEquals(
        new String(expected.toByteArray(), StandardCharsets.ISO_8859_1),
        new String(result.reduced(), StandardCharsets.ISO_8859_1));
    assertTrue(result.oneMinimal());
  }

  @Test
  void theLongestChunkIsAskedFirstHoweverManyFieldsTheHeaderBefore() {
    ByteArrayOutputStream input = new ByteArrayOutputStream();
    input.writeBytes("MG".getBytes(StandardCharsets.ISO_8859_1));
    for (int field = 0; field < 5; field++) {
      chunk(input, "VERS", "1"); // small chunks a sweep from the front asks about first
    }
    chunk(input, "NOTE", "x".repeat(300));
    chunk(input, "BODY", "a bug here");
    byte[] original = input.toByteArray();
    List<byte[]> asked = new ArrayList<>();

    new LengthFieldPass()
        .reduce(
            original,
            candidate -> {
              asked.add(candidate);
              return CHUNKS_WITH_BUG.test(candidate);
            });

    int note = 2 + 5 * 9;
    byte[] withoutNote = new byte[original.length - 308];
    System.arraycopy(original, 0, withoutNote, 0, note);
    System.arraycopy(original, note + 308, withoutNote, note, original.length - note - 308);
    int first = -1;
    for (int i = 0; i < asked.size() && first < 0; i++) {
      first = Arrays.equals(withoutNote, asked.get(i)) ? i : -1;
    }
    // A sweep from the front asks each small chunk's questions first, several each.
    assertTrue(
        first >= 0 && first < LengthFieldPass.LONGEST_CHUNKS,
        "the 300-byte chunk was asked as question " + first);
  }

  @Test
  void aGuessThatNeverHoldsChangesNothingAndReturnsTheSameInput() {
    byte[] input = "no length fields in here, just text".getBytes(StandardCharsets.US_ASCII);
    byte[] reduced = new LengthFieldPass().reduce(input, candidate -> false);
    assertSame(input, reduced);
  }

  @Test
  void withoutZeroLengthsItAsksNothingOfZerosAndStillEmptiesAChunk() {
    long[] asked = {0};
    byte[] zeros = new byte[64];
    assertSame(
        zeros,
        new LengthFieldPass(false)
            .reduce(
                zeros,
                candidate -> {
                  asked[0]++;
                  return false;
                }));
    assertEquals(0, asked[0]);
    assertTrue(
        new LengthFieldPass(true).reduce(zeros.clone(), candidate -> candidate.length < 64).length
            < 64,
        "with zero lengths, a zero-length chunk's header is deleted");

    // Length 3 (big-endian 16 bits), then its content: emptied, the field rewritten to 0.
    byte[] chunk = {0, 3, 'a', 'b', 'c', 'z'};
    byte[] reduced =
        new LengthFieldPass(false)
            .reduce(chunk, candidate -> candidate[candidate.length - 1] == 'z');
    assertArrayEquals(new byte[] {'z'}, reduced);
  }

  @Test
  void itAsksNoMoreThanItsQuestionLimit() {
    // Every even position is a small length (0x00xx big-endian), and no two deletions give the
    // same content, so that no question is a repeat the sweep could skip.
    byte[] input = new byte[400];
    for (int i = 1; i < input.length; i += 2) {
      input[i] = (byte) (1 + i % 13);
    }
    long[] asked = {0};
    new LengthFieldPass()
        .reduce(
            input,
            candidate -> {
              asked[0]++;
              return false;
            });
    assertTrue(asked[0] <= LengthFieldPass.questionLimit(input.length), "asked " + asked[0]);
    assertTrue(asked[0] > 400, "it did ask at every position: " + asked[0]);
  }

  @Test
  void everyReturnedInputWasFoundInterestingAndIsNoLarger() {
    Random random = new Random(7);
    for (int trial = 0; trial < 200; trial++) {
      byte[] input = new byte[1 + random.nextInt(60)];
      random.nextBytes(input);
      Predicate<byte[]> oracle = bytes -> bytes.length > 0 && (bytes[bytes.length - 1] & 1) == 1;
      if (!oracle.test(input)) {
        continue;
      }
      byte[][] lastInteresting = {input};
      byte[] reduced =
          new LengthFieldPass()
              .reduce(
                  input,
                  candidate -> {
                    boolean interesting = oracle.test(candidate);
                    if (interesting) {
                      lastInteresting[0] = candidate;
                    }
                    return interesting;
                  });
      assertTrue(oracle.test(reduced), Arrays.toString(input));
      assertTrue(reduced.length <= input.length);
      assertSame(lastInteresting[0], reduced, "the result is the last candidate found interesting");
    }
  }

  private static ReductionResult<byte[]> reduce(
      byte[] input, Predicate<byte[]> oracle, boolean lengthFields) {
    var reduction = Whittle.reduce(SequenceInputs.bytes(input));
    if (lengthFields) {
      reduction = reduction.withPass(FieldPasses.lengthFields());
    }
    return reduction.run(Oracle.of(oracle));
  }

  private static void chunk(ByteArrayOutputStream out, String type, String data) {
    byte[] bytes = data.getBytes(StandardCharsets.ISO_8859_1);
    byte[] length = new byte[4];
    LengthField.U32_BIG_ENDIAN.write(length, 0, bytes.length);
    out.writeBytes(length);
    out.writeBytes(type.getBytes(StandardCharsets.ISO_8859_1));
    out.writeBytes(bytes);
  }
}
