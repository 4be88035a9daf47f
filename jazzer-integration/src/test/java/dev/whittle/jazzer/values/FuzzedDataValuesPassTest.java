package dev.whittle.jazzer.values;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import dev.whittle.api.ContentTester;
import dev.whittle.api.Oracle;
import dev.whittle.api.Pass;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.Whittle;
import dev.whittle.jazzer.fdp.ByteFuzzedDataProvider;
import dev.whittle.jazzer.fdp.FuzzedDataCall;
import dev.whittle.jazzer.fdp.FuzzedDataEncoder;
import dev.whittle.jazzer.fdp.FuzzedDataMethod;
import dev.whittle.jazzer.fdp.RecordingFuzzedDataProvider;
import dev.whittle.jazzer.targets.FuzzedDataCrashes;
import dev.whittle.jazzer.targets.IntsMarkerTextTarget;
import dev.whittle.jazzer.targets.JsonBoomTarget;
import dev.whittle.jazzer.targets.RecordListTarget;
import dev.whittle.jazzer.targets.ThresholdStringTarget;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class FuzzedDataValuesPassTest {
  /** Runs a target directly on Whittle's byte-exact provider: the oracle and the recorder. */
  private record Harness(Consumer<FuzzedDataProvider> target) {
    boolean crashes(byte[] input) {
      try {
        target.accept(ByteFuzzedDataProvider.of(input));
        return false;
      } catch (IllegalStateException e) {
        return true;
      }
    }

    Optional<List<FuzzedDataCall>> record(byte[] input) {
      RecordingFuzzedDataProvider recording =
          RecordingFuzzedDataProvider.recording(ByteFuzzedDataProvider.of(input));
      try {
        target.accept(recording);
      } catch (RuntimeException e) {
        // The crash; the calls before it are recorded.
      }
      return Optional.of(recording.calls());
    }

    Pass<byte[]> reducer() {
      return ValuePasses.forFuzzedDataProvider(this::record);
    }

    List<Object> values(byte[] input) {
      return record(input).orElseThrow().stream().map(FuzzedDataCall::value).toList();
    }
  }

  private static final Harness THRESHOLD = new Harness(ThresholdStringTarget::fuzzerTestOneInput);
  private static final Harness RECORDS = new Harness(RecordListTarget::fuzzerTestOneInput);
  private static final Harness JSON = new Harness(JsonBoomTarget::fuzzerTestOneInput);
  private static final Harness INTS_MARKER_TEXT =
      new Harness(IntsMarkerTextTarget::fuzzerTestOneInput);

  /** Calls the reducer until it returns its input itself, as the engine would without bytes. */
  private static byte[] reduceToFixedPoint(Harness harness, byte[] input) {
    return reduceToFixedPoint(harness, input, harness.reducer());
  }

  private static byte[] reduceToFixedPoint(Harness harness, byte[] input, Pass<byte[]> reducer) {
    ContentTester<byte[]> tester = harness::crashes;
    for (int round = 0; round < 20; round++) {
      byte[] next = reducer.reduce(input, tester);
      if (next == input) {
        return input;
      }
      input = next;
    }
    throw new AssertionError("no fixed point in 20 rounds");
  }

  @Test
  void findsTheLeastIntegerAndTheShortestStringThatCrash() {
    for (int seed = 0; seed < 5; seed++) {
      byte[] crash = FuzzedDataCrashes.threshold(new Random(seed));

      byte[] reduced = reduceToFixedPoint(THRESHOLD, crash);

      List<Object> values = THRESHOLD.values(reduced);
      assertEquals(500, values.get(0), "seed " + seed);
      assertEquals("ab", values.get(1), "seed " + seed);
      assertEquals(false, values.get(2), "seed " + seed);
      // Nothing after the string needs a byte: its bytes are those of 500 and "ab" alone.
      assertEquals(
          ByteBuffer.wrap(
                  FuzzedDataEncoder.encode(
                      List.of(
                          FuzzedDataCall.of(
                              FuzzedDataMethod.CONSUME_INT_IN_RANGE, List.of(0, 1000), 500),
                          FuzzedDataCall.of(FuzzedDataMethod.CONSUME_STRING, List.of(100), "ab"))))
              .toString(),
          ByteBuffer.wrap(reduced).toString(),
          "seed " + seed);
    }
  }

  @Test
  void withTheByteLevelReducerTheEngineReachesTheSameValues() {
    byte[] crash = FuzzedDataCrashes.threshold(new Random(7));

    byte[] reduced =
        Whittle.reduce(SequenceInputs.bytes(crash))
            .withPass(THRESHOLD.reducer())
            .run(Oracle.of(THRESHOLD::crashes))
            .reduced();

    List<Object> values = THRESHOLD.values(reduced);
    assertEquals(List.of(500, "ab"), values.subList(0, 2));
  }

  /** The least values of {@link IntsMarkerTextTarget}'s crash, as calls. */
  private static final List<FuzzedDataCall> INTS_MARKER_TEXT_MINIMUM =
      List.of(
          FuzzedDataCall.of(FuzzedDataMethod.CONSUME_INT, List.of(), 1001),
          FuzzedDataCall.of(FuzzedDataMethod.CONSUME_INT, List.of(), -1),
          FuzzedDataCall.of(FuzzedDataMethod.CONSUME_STRING, List.of(8), "X"),
          FuzzedDataCall.of(
              FuzzedDataMethod.CONSUME_REMAINING_AS_STRING,
              List.of(),
              IntsMarkerTextTarget.NUMBER));

  /**
   * Two ints from the end, a marker of at most 8 characters and the rest as text from the front:
   * every byte deletion moves the border between marker and text, so only a value move that
   * shortens the marker (it then needs a terminator) while the ints keep their bytes gets anywhere.
   */
  @Test
  void shortensAFrontStringBetweenEndIntsAndTheRemainingText() {
    byte[] crash = FuzzedDataCrashes.intsMarkerText();
    assertEquals(37, crash.length);
    assertTrue(INTS_MARKER_TEXT.crashes(crash));

    byte[] reduced = reduceToFixedPoint(INTS_MARKER_TEXT, crash);

    assertEquals(
        ByteBuffer.wrap(FuzzedDataEncoder.encode(INTS_MARKER_TEXT_MINIMUM)),
        ByteBuffer.wrap(reduced),
        () -> INTS_MARKER_TEXT.values(reduced).toString());
  }

  /**
   * Within the allowance the engine gives it after byte deletion found nothing: the text, longest
   * of the strings and needed whole, must not use up the questions before the marker is asked.
   */
  @Test
  void withTheByteLevelReducerTheEngineShortensTheMarkerBesideATextThatCannotShrink() {
    byte[] crash = FuzzedDataCrashes.intsMarkerText();

    byte[] reduced =
        Whittle.reduce(SequenceInputs.bytes(crash))
            .withPass(INTS_MARKER_TEXT.reducer())
            .run(Oracle.of(INTS_MARKER_TEXT::crashes))
            .reduced();

    // The ints keep their 4 bytes each whatever their values; the strings are what can shrink.
    assertTrue(INTS_MARKER_TEXT.crashes(reduced));
    assertEquals(
        List.of("X", IntsMarkerTextTarget.NUMBER), INTS_MARKER_TEXT.values(reduced).subList(2, 4));
    assertEquals(FuzzedDataEncoder.encode(INTS_MARKER_TEXT_MINIMUM).length, reduced.length);
  }

  private static byte[] jsonCrash() {
    return FuzzedDataEncoder.encode(
        List.of(
            FuzzedDataCall.of(
                FuzzedDataMethod.CONSUME_REMAINING_AS_STRING, List.of(), JsonBoomTarget.CRASH)));
  }

  @Test
  void reducesAStructuredStringAsATreeToTheShortestDocumentThatCrashes() {
    byte[] crash = jsonCrash();
    assertTrue(JSON.crashes(crash));

    byte[] reduced = reduceToFixedPoint(JSON, crash);

    assertEquals(List.of("{\"boom\":1}"), JSON.values(reduced));
    assertEquals("{\"boom\":1}", new String(reduced, StandardCharsets.UTF_8));
  }

  @Test
  void withoutTheTreeStepCharacterDeletionStopsShortOfIt() {
    byte[] reduced =
        reduceToFixedPoint(JSON, jsonCrash(), new FuzzedDataValuesPass(JSON::record, false));

    String value = (String) JSON.values(reduced).get(0);
    assertTrue(JSON.crashes(reduced));
    assertTrue(value.length() > "{\"boom\":1}".length(), value);
  }

  @Test
  void aUtf8StringAmongOtherCallsAndAnAsciiStringReachTheirMinimaToo() {
    Harness counted = new Harness(JsonBoomTarget::counted);
    byte[] crash =
        FuzzedDataEncoder.encode(
            List.of(
                FuzzedDataCall.of(FuzzedDataMethod.CONSUME_INT_IN_RANGE, List.of(0, 9), 8),
                FuzzedDataCall.of(
                    FuzzedDataMethod.CONSUME_STRING, List.of(2000), JsonBoomTarget.UNICODE_CRASH),
                FuzzedDataCall.of(FuzzedDataMethod.CONSUME_BOOLEAN, List.of(), true)));
    assertTrue(counted.crashes(crash));

    assertEquals(
        List.of(3, "{\"boom\":1}", false), counted.values(reduceToFixedPoint(counted, crash)));

    Harness ascii = new Harness(JsonBoomTarget::ascii);
    byte[] asciiCrash =
        FuzzedDataEncoder.encode(
            List.of(
                FuzzedDataCall.of(
                    FuzzedDataMethod.CONSUME_ASCII_STRING, List.of(2000), JsonBoomTarget.CRASH),
                FuzzedDataCall.of(FuzzedDataMethod.CONSUME_INT_IN_RANGE, List.of(0, 9), 9)));
    assertTrue(ascii.crashes(asciiCrash));

    assertEquals(List.of("{\"boom\":1}", 5), ascii.values(reduceToFixedPoint(ascii, asciiCrash)));
  }

  @Test
  void theTreeStepAsksOnlyWholeInputsNoLargerThanTheCurrentOne() {
    byte[] crash = jsonCrash();
    int[] questions = {0};
    ContentTester<byte[]> tester =
        candidate -> {
          assertTrue(candidate.length <= crash.length, "asked a larger candidate");
          questions[0]++;
          return JSON.crashes(candidate);
        };

    byte[] reduced = JSON.reducer().reduce(crash, tester);

    assertTrue(reduced.length < crash.length / 4, () -> new String(reduced));
    assertTrue(questions[0] < 400, "questions: " + questions[0]);
  }

  @Test
  void dropsWholeRecordsAndSimplifiesTheRest() {
    byte[] crash = FuzzedDataCrashes.recordList(new Random(3));

    byte[] reduced = reduceToFixedPoint(RECORDS, crash);

    List<Object> values = RECORDS.values(reduced);
    assertTrue(RECORDS.crashes(reduced));
    assertEquals(2, values.get(0), "two records are left: " + values);
    assertEquals(2, values.get(1), values::toString);
    assertEquals(2, values.get(5), values::toString);
    assertEquals(
        1001, (int) values.get(3) + (int) values.get(7), "amounts just over 1,000: " + values);
  }

  @Test
  void neverAsksOrReturnsALargerInputAndReturnsOnlyWhatTheTesterAccepted() {
    for (Harness harness : List.of(THRESHOLD, RECORDS)) {
      for (int seed = 0; seed < 10; seed++) {
        byte[] crash =
            harness == THRESHOLD
                ? FuzzedDataCrashes.threshold(new Random(seed))
                : FuzzedDataCrashes.recordList(new Random(seed));
        // An oracle the recordings cannot predict: it refuses about a quarter of the crashes.
        Map<ByteBuffer, Boolean> answers = new HashMap<>();
        ContentTester<byte[]> tester =
            candidate -> {
              assertTrue(candidate.length <= crash.length, "asked a larger candidate");
              boolean interesting =
                  harness.crashes(candidate) && (java.util.Arrays.hashCode(candidate) & 3) != 0;
              answers.put(ByteBuffer.wrap(candidate.clone()), interesting);
              return interesting;
            };

        byte[] reduced = harness.reducer().reduce(crash, tester);

        assertTrue(reduced.length <= crash.length);
        if (reduced != crash) {
          assertEquals(
              true, answers.get(ByteBuffer.wrap(reduced)), "seed " + seed + ": not accepted");
        }
      }
    }
  }

  @Test
  void letsTheTestersExceptionsThrough() {
    RuntimeException spent = new IllegalStateException("budget spent");
    int[] questions = {0};
    ContentTester<byte[]> tester =
        candidate -> {
          if (++questions[0] == 3) {
            throw spent;
          }
          return THRESHOLD.crashes(candidate);
        };

    RuntimeException thrown =
        assertThrows(
            RuntimeException.class,
            () -> THRESHOLD.reducer().reduce(FuzzedDataCrashes.threshold(new Random(1)), tester));

    assertSame(spent, thrown);
  }

  /**
   * The encoder's "not encodable" only means that a candidate is not asked; a bug behind the
   * encoder (here a recorded value of the wrong type) ends the reduction instead of passing for
   * that answer.
   */
  @Test
  void anEncoderFailureThatIsNoRefusalIsNotSwallowed() {
    byte[] crash = FuzzedDataCrashes.threshold(new Random(4));
    // Only the encoder looks at a boolean's value closely enough to find the string.
    FuzzedDataRecorder wrongType =
        input ->
            Optional.of(
                List.of(FuzzedDataCall.of(FuzzedDataMethod.CONSUME_BOOLEAN, List.of(), "1")));
    Pass<byte[]> reducer = ValuePasses.forFuzzedDataProvider(wrongType);

    assertThrows(ClassCastException.class, () -> reducer.reduce(crash, THRESHOLD::crashes));
  }

  @Test
  void returnsItsInputItselfWhenNothingIsBetterOrNothingIsRecorded() {
    byte[] minimal = reduceToFixedPoint(THRESHOLD, FuzzedDataCrashes.threshold(new Random(2)));
    assertSame(minimal, THRESHOLD.reducer().reduce(minimal, THRESHOLD::crashes));

    byte[] crash = FuzzedDataCrashes.threshold(new Random(2));
    Pass<byte[]> blind = ValuePasses.forFuzzedDataProvider(input -> Optional.empty());
    assertSame(
        crash,
        blind.reduce(
            crash,
            candidate -> {
              throw new AssertionError("nothing to ask without calls");
            }));
  }
}
