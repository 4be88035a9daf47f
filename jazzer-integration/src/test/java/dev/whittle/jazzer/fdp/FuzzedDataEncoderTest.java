package dev.whittle.jazzer.fdp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.google.common.io.BaseEncoding;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class FuzzedDataEncoderTest {
  private static final List<Method> METHODS =
      Arrays.stream(FuzzedDataProvider.class.getMethods())
          .filter(m -> !Modifier.isStatic(m.getModifiers()))
          .sorted(Comparator.comparing(Method::toGenericString))
          .toList();

  private static FuzzedDataCall call(FuzzedDataMethod method, Object value, Object... arguments) {
    return FuzzedDataCall.of(method, List.of(arguments), value);
  }

  private static String hex(byte[] bytes) {
    return BaseEncoding.base16().encode(bytes);
  }

  /** Decodes {@code input} with the calls' methods and arguments and checks every value. */
  private static void assertDecodesTo(byte[] input, List<FuzzedDataCall> calls) {
    ByteFuzzedDataProvider provider = ByteFuzzedDataProvider.of(input);
    for (FuzzedDataCall call : calls) {
      assertEquals(call, call.withValue(call.replayOn(provider)), "input " + hex(input));
    }
  }

  @Test
  void anIntInARangeTakesTheBytesTheRangeNeedsFromTheEnd() {
    assertEquals(
        "0903",
        hex(
            FuzzedDataEncoder.encode(
                List.of(call(FuzzedDataMethod.CONSUME_INT_IN_RANGE, 777, 0, 1000)))));
    assertEquals(
        "11223344",
        hex(FuzzedDataEncoder.encode(List.of(call(FuzzedDataMethod.CONSUME_INT, 0x44332211)))));
  }

  @Test
  void aNegativeValueInASmallRangeWrapsAroundTheModulo() {
    // Raw 0 would be kept as 0; raw 2 is out of range and maps to -1 + 2 % 2.
    List<FuzzedDataCall> calls =
        List.of(call(FuzzedDataMethod.CONSUME_LONG_IN_RANGE, -1L, -1L, 0L));
    assertEquals("02", hex(FuzzedDataEncoder.encode(calls)));
    // Both work for 150 in [100, 200]; the modulo one is smaller.
    calls = List.of(call(FuzzedDataMethod.CONSUME_INT_IN_RANGE, 150, 100, 200));
    assertEquals("32", hex(FuzzedDataEncoder.encode(calls)));
  }

  @Test
  void frontAndEndPartsInterleaveAsTheDecoderReadsThem() {
    List<FuzzedDataCall> calls =
        List.of(
            call(FuzzedDataMethod.CONSUME_BYTE, (byte) 1),
            call(FuzzedDataMethod.CONSUME_BYTES, new byte[] {7, 8}, 2),
            call(FuzzedDataMethod.CONSUME_SHORT, (short) 0x0302),
            call(FuzzedDataMethod.CONSUME_INTS, new int[] {9}, 1));
    byte[] input = FuzzedDataEncoder.encode(calls);
    assertEquals("0708" + "09000000" + "0203" + "01", hex(input));
    assertDecodesTo(input, calls);
  }

  @Test
  void aShortStringIsTerminatedAndBackslashesAreDoubled() {
    List<FuzzedDataCall> calls =
        List.of(
            call(FuzzedDataMethod.CONSUME_STRING, "a\\b", 10),
            call(FuzzedDataMethod.CONSUME_BOOLEAN, true));
    byte[] input = FuzzedDataEncoder.encode(calls);
    assertEquals("615C5C62" + "5C00" + "01", hex(input));
    assertDecodesTo(input, calls);
  }

  @Test
  void theLastCallNeedsNoTerminatorAndTrailingDefaultsNoBytes() {
    List<FuzzedDataCall> calls =
        List.of(
            call(FuzzedDataMethod.CONSUME_STRING, "ab", 10),
            call(FuzzedDataMethod.CONSUME_INT, 0),
            call(FuzzedDataMethod.CONSUME_INT_IN_RANGE, 5, 5, 10));
    assertEquals("6162", hex(FuzzedDataEncoder.encode(calls)));
  }

  @Test
  void theLastReadTakesOnlyTheBytesItsValueOccupies() {
    List<FuzzedDataCall> calls =
        List.of(
            call(FuzzedDataMethod.CONSUME_LONG, 0x1234L), call(FuzzedDataMethod.CONSUME_INT, 0));
    assertEquals("3412", hex(FuzzedDataEncoder.encode(calls)));
  }

  @Test
  void specialAndRegularFloatsRoundTrip() {
    List<FuzzedDataCall> calls = new ArrayList<>();
    for (int type = 0; type < ByteFuzzedDataProvider.SPECIAL_VALUE_COUNT; type++) {
      calls.add(call(FuzzedDataMethod.CONSUME_FLOAT, ByteFuzzedDataProvider.specialFloat(type)));
      calls.add(call(FuzzedDataMethod.CONSUME_DOUBLE, ByteFuzzedDataProvider.specialDouble(type)));
    }
    float regular = ByteFuzzedDataProvider.of(new byte[] {1, 2, 3, 4, 5, 99}).consumeFloat();
    calls.add(call(FuzzedDataMethod.CONSUME_FLOAT, regular));
    calls.add(call(FuzzedDataMethod.CONSUME_REGULAR_FLOAT_IN_RANGE, 0.5f, 0f, 1f));
    calls.add(call(FuzzedDataMethod.CONSUME_REGULAR_DOUBLE_IN_RANGE, -0.25, -1.0, 1.0));
    calls.add(call(FuzzedDataMethod.CONSUME_PROBABILITY_DOUBLE, 1.0));
    assertDecodesTo(FuzzedDataEncoder.encode(calls), calls);
  }

  @Test
  void valuesJazzerCannotProduceAreRejected() {
    assertRejected(call(FuzzedDataMethod.CONSUME_INT_IN_RANGE, 11, 0, 10));
    // One byte is read; 99 would be kept as is, and 350, which wraps to -1, needs two bytes.
    assertRejected(call(FuzzedDataMethod.CONSUME_INT_IN_RANGE, -1, -100, 150));
    // consumeRegularFloat() spaces its values about 8e28 apart near zero.
    assertRejected(call(FuzzedDataMethod.CONSUME_REGULAR_FLOAT, 1.5f));
    assertRejected(call(FuzzedDataMethod.CONSUME_CHAR_NO_SURROGATES, '\uD800'));
    assertRejected(call(FuzzedDataMethod.CONSUME_STRING, "\uDE00", 5));
    assertRejected(call(FuzzedDataMethod.CONSUME_STRING, "abc", 2));
    assertRejected(call(FuzzedDataMethod.CONSUME_ASCII_STRING, "é", 5));
    assertRejected(call(FuzzedDataMethod.CONSUME_REMAINING_AS_ASCII_STRING, "a"));
    assertRejected(call(FuzzedDataMethod.CONSUME_BYTES, new byte[3], 2));
    // A short array means the input ran out, so a later value cannot be anything but a default.
    assertRejected(
        call(FuzzedDataMethod.CONSUME_BYTES, new byte[1], 2),
        call(FuzzedDataMethod.CONSUME_INT, 5));
  }

  private static void assertRejected(FuzzedDataCall... calls) {
    assertThrows(NotEncodableException.class, () -> FuzzedDataEncoder.encode(Arrays.asList(calls)));
  }

  /**
   * "Not encodable" is an answer a pass acts on; a value of the wrong type is a bug of whoever
   * built the call, and must not pass for that answer.
   */
  @Test
  void aValueOfTheWrongTypeIsABugNotARefusal() {
    List<FuzzedDataCall> calls = List.of(call(FuzzedDataMethod.CONSUME_INT_IN_RANGE, "7", 0, 10));

    assertThrows(ClassCastException.class, () -> FuzzedDataEncoder.encode(calls));
  }

  /**
   * The property: record random calls on random inputs, encode the recording, and the same calls on
   * the encoded bytes return the same values.
   */
  @Test
  void recordedCallsRoundTrip() {
    Random random = new Random(0xE4C0DE);
    int encodedBytes = 0;
    int originalBytes = 0;
    for (int run = 0; run < 5_000; run++) {
      byte[] input = FuzzedDataInputs.randomInput(random);
      List<FuzzedDataCall> calls = recordRandomCalls(input, random).calls();
      byte[] encoded = encodeOrFail(calls, input);
      assertDecodesTo(encoded, calls);
      encodedBytes += encoded.length;
      originalBytes += input.length;
    }
    // Values take only the bytes they need, so re-encoding mostly shrinks inputs.
    assertTrue(encodedBytes < originalBytes, encodedBytes + " >= " + originalBytes);
  }

  /**
   * Smaller values, as a value-level algorithm would try them (integral values at the low end of
   * their range, strings cut in half), still encode exactly where the original input never ran
   * short: then no call's result depended on where the input ended. Elsewhere the encoder may
   * refuse, but never returns wrong bytes.
   */
  @Test
  void smallerValuesRoundTrip() {
    Random random = new Random(0x5A11);
    int encoded = 0;
    for (int run = 0; run < 3_000; run++) {
      byte[] input = FuzzedDataInputs.randomInput(random);
      RecordingFuzzedDataProvider recording = recordRandomCalls(input, random);
      List<FuzzedDataCall> calls = new ArrayList<>();
      for (FuzzedDataCall call : recording.calls()) {
        calls.add(call.withValue(smaller(call, random)));
      }
      // At least 8 bytes left at the end: no read, array or string was cut short.
      if (recording.remainingBytes() >= Long.BYTES) {
        assertDecodesTo(encodeOrFail(calls, input), calls);
        encoded++;
      } else {
        try {
          assertDecodesTo(FuzzedDataEncoder.encode(calls), calls);
        } catch (NotEncodableException refused) {
          // Allowed: e.g. a value after consumeRemainingAsBytes() that is no longer a default.
        }
      }
    }
    assertTrue(encoded > 500, "only " + encoded + " inputs kept bytes to the end");
  }

  private static Object smaller(FuzzedDataCall call, Random random) {
    List<Object> args = call.arguments();
    return switch (call.method()) {
      case CONSUME_INT_IN_RANGE -> {
        int min = (int) args.get(0);
        yield min < (int) args.get(1) && random.nextBoolean() ? min + 1 : min;
      }
      case CONSUME_LONG_IN_RANGE -> args.get(0);
      case CONSUME_INT -> random.nextInt(100);
      case CONSUME_BOOLEAN -> false;
      case CONSUME_CHAR -> 'x';
      case CONSUME_STRING, CONSUME_ASCII_STRING -> halve((String) call.value());
      default -> call.value();
    };
  }

  /** The first half of {@code value}, without splitting a surrogate pair. */
  private static String halve(String value) {
    int end = value.length() / 2;
    return end > 0 && Character.isHighSurrogate(value.charAt(end - 1))
        ? value.substring(0, end - 1)
        : value.substring(0, end);
  }

  private static byte[] encodeOrFail(List<FuzzedDataCall> calls, byte[] input) {
    try {
      return FuzzedDataEncoder.encode(calls);
    } catch (NotEncodableException e) {
      return fail("calls " + calls + " on " + hex(input) + ": " + e.getMessage(), e);
    }
  }

  private static RecordingFuzzedDataProvider recordRandomCalls(byte[] input, Random random) {
    RecordingFuzzedDataProvider recording =
        RecordingFuzzedDataProvider.recording(ByteFuzzedDataProvider.of(input));
    for (int i = random.nextInt(12); i > 0; i--) {
      Method method = METHODS.get(random.nextInt(METHODS.size()));
      try {
        method.invoke(recording, FuzzedDataArguments.randomArguments(method, random));
      } catch (InvocationTargetException e) {
        assertTrue(e.getCause() instanceof IllegalArgumentException, e.getCause().toString());
      } catch (IllegalAccessException e) {
        throw new AssertionError(e);
      }
    }
    return recording;
  }

  @Test
  void theEncodedInputIsACopyOfNothingShared() {
    byte[] value = {1, 2};
    List<FuzzedDataCall> calls = List.of(call(FuzzedDataMethod.CONSUME_REMAINING_AS_BYTES, value));
    value[0] = 9;
    assertArrayEquals(new byte[] {1, 2}, FuzzedDataEncoder.encode(calls));
  }
}
