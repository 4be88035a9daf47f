package dev.whittle.jazzer.fdp;

import static dev.whittle.jazzer.fdp.NotEncodableException.checkEncodable;

import dev.whittle.jazzer.fdp.EncodedCall.EndRead;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/** Encodes one call on its own: the bytes that make Jazzer's decoding return the call's value. */
final class CallEncoding {
  /**
   * Follows a one-byte string that nothing after it reads: a lone byte would make Jazzer return the
   * empty string, and this start of a two-byte character is consumed but dropped.
   */
  private static final byte INCOMPLETE_CHARACTER = (byte) 0xC2;

  private CallEncoding() {}

  /**
   * Encodes {@code call}.
   *
   * @param lastConsumer no call after this one reads any bytes, so the input may end right after
   *     it: a string shorter than its limit then needs no terminator
   * @throws NotEncodableException if no bytes make Jazzer return the call's value
   */
  static EncodedCall encode(FuzzedDataCall call, boolean lastConsumer) {
    List<Object> args = call.arguments();
    Object value = call.value();
    return switch (call.method()) {
      case CONSUME_BOOLEAN -> EncodedCall.ofEnd(new EndRead((boolean) value ? 1 : 0, 1));
      case CONSUME_BYTE ->
          EncodedCall.ofEnd(IntegralEncoding.unbounded((byte) value, IntegralType.BYTE));
      case CONSUME_BYTE_IN_RANGE ->
          EncodedCall.ofEnd(
              IntegralEncoding.inRange(
                  (byte) value, (byte) args.get(0), (byte) args.get(1), IntegralType.BYTE));
      case CONSUME_SHORT ->
          EncodedCall.ofEnd(IntegralEncoding.unbounded((short) value, IntegralType.SHORT));
      case CONSUME_SHORT_IN_RANGE ->
          EncodedCall.ofEnd(
              IntegralEncoding.inRange(
                  (short) value, (short) args.get(0), (short) args.get(1), IntegralType.SHORT));
      case CONSUME_INT ->
          EncodedCall.ofEnd(IntegralEncoding.unbounded((int) value, IntegralType.INT));
      case CONSUME_INT_IN_RANGE ->
          EncodedCall.ofEnd(
              IntegralEncoding.inRange(
                  (int) value, (int) args.get(0), (int) args.get(1), IntegralType.INT));
      case CONSUME_LONG ->
          EncodedCall.ofEnd(IntegralEncoding.unbounded((long) value, IntegralType.LONG));
      case CONSUME_LONG_IN_RANGE ->
          EncodedCall.ofEnd(
              IntegralEncoding.inRange(
                  (long) value, (long) args.get(0), (long) args.get(1), IntegralType.LONG));
      case CONSUME_CHAR ->
          EncodedCall.ofEnd(IntegralEncoding.unbounded((char) value, IntegralType.CHAR));
      case CONSUME_CHAR_IN_RANGE ->
          EncodedCall.ofEnd(
              IntegralEncoding.inRange(
                  (char) value, (char) args.get(0), (char) args.get(1), IntegralType.CHAR));
      case CONSUME_CHAR_NO_SURROGATES -> charNoSurrogates((char) value);
      case CONSUME_FLOAT -> anyFloat((float) value);
      case CONSUME_REGULAR_FLOAT ->
          EncodedCall.ofEnd(
              FloatEncoding.regularFloat(-Float.MAX_VALUE, Float.MAX_VALUE, (float) value)
                  .toArray(EndRead[]::new));
      case CONSUME_REGULAR_FLOAT_IN_RANGE ->
          EncodedCall.ofEnd(
              FloatEncoding.regularFloat((float) args.get(0), (float) args.get(1), (float) value)
                  .toArray(EndRead[]::new));
      case CONSUME_PROBABILITY_FLOAT ->
          EncodedCall.ofEnd(FloatEncoding.probabilityFloat((float) value));
      case CONSUME_DOUBLE -> anyDouble((double) value);
      case CONSUME_REGULAR_DOUBLE ->
          EncodedCall.ofEnd(
              FloatEncoding.regularDouble(-Double.MAX_VALUE, Double.MAX_VALUE, (double) value)
                  .toArray(EndRead[]::new));
      case CONSUME_REGULAR_DOUBLE_IN_RANGE ->
          EncodedCall.ofEnd(
              FloatEncoding.regularDouble(
                      (double) args.get(0), (double) args.get(1), (double) value)
                  .toArray(EndRead[]::new));
      case CONSUME_PROBABILITY_DOUBLE ->
          EncodedCall.ofEnd(FloatEncoding.probabilityDouble((double) value));
      case CONSUME_BOOLEANS -> booleans((boolean[]) value, (int) args.get(0));
      case CONSUME_BYTES -> array(ByteBuffer.wrap((byte[]) value), 1, (int) args.get(0));
      case CONSUME_SHORTS -> array(shorts((short[]) value), Short.BYTES, (int) args.get(0));
      case CONSUME_INTS -> array(ints((int[]) value), Integer.BYTES, (int) args.get(0));
      case CONSUME_LONGS -> array(longs((long[]) value), Long.BYTES, (int) args.get(0));
      case CONSUME_REMAINING_AS_BYTES -> EncodedCall.ofFront((byte[]) value);
      case CONSUME_STRING -> string((String) value, (int) args.get(0), false, lastConsumer);
      case CONSUME_ASCII_STRING -> string((String) value, (int) args.get(0), true, lastConsumer);
      case CONSUME_REMAINING_AS_STRING -> remainingString((String) value, false);
      case CONSUME_REMAINING_AS_ASCII_STRING -> remainingString((String) value, true);
    };
  }

  private static EncodedCall charNoSurrogates(char value) {
    checkEncodable(
        !Character.isSurrogate(value),
        "consumeCharNoSurrogates() never returns the surrogate U+%04X",
        (int) value);
    return EncodedCall.ofEnd(new EndRead(value, Character.BYTES));
  }

  /** A special value by its type byte, anything else as a regular float after type byte 11. */
  private static EncodedCall anyFloat(float value) {
    for (int type = 0; type < ByteFuzzedDataProvider.SPECIAL_VALUE_COUNT; type++) {
      if (Float.valueOf(value).equals(ByteFuzzedDataProvider.specialFloat(type))) {
        // The regular float that follows is read but ignored; zeros will do.
        return EncodedCall.ofEnd(
            new EndRead(type, 1), new EndRead(0, 1), new EndRead(0, Float.BYTES));
      }
    }
    List<EndRead> reads = new ArrayList<>();
    reads.add(new EndRead(ByteFuzzedDataProvider.SPECIAL_VALUE_COUNT, 1));
    reads.addAll(FloatEncoding.regularFloat(-Float.MAX_VALUE, Float.MAX_VALUE, value));
    return EncodedCall.ofEnd(reads.toArray(EndRead[]::new));
  }

  private static EncodedCall anyDouble(double value) {
    for (int type = 0; type < ByteFuzzedDataProvider.SPECIAL_VALUE_COUNT; type++) {
      if (Double.valueOf(value).equals(ByteFuzzedDataProvider.specialDouble(type))) {
        return EncodedCall.ofEnd(
            new EndRead(type, 1), new EndRead(0, 1), new EndRead(0, Double.BYTES));
      }
    }
    List<EndRead> reads = new ArrayList<>();
    reads.add(new EndRead(ByteFuzzedDataProvider.SPECIAL_VALUE_COUNT, 1));
    reads.addAll(FloatEncoding.regularDouble(-Double.MAX_VALUE, Double.MAX_VALUE, value));
    return EncodedCall.ofEnd(reads.toArray(EndRead[]::new));
  }

  private static EncodedCall booleans(boolean[] value, int maxLength) {
    byte[] bytes = new byte[value.length];
    for (int i = 0; i < value.length; i++) {
      bytes[i] = (byte) (value[i] ? 1 : 0);
    }
    return array(ByteBuffer.wrap(bytes), 1, maxLength);
  }

  /**
   * An array's elements, little-endian. An array shorter than {@code maxLength} is only returned
   * when the input runs out, which the caller's final check confirms or refutes.
   */
  private static EncodedCall array(ByteBuffer elements, int elementBytes, int maxLength) {
    int length = elements.remaining() / elementBytes;
    checkEncodable(
        length <= maxLength, "%s elements exceed the maximum length %s", length, maxLength);
    byte[] bytes = new byte[elements.remaining()];
    elements.get(bytes);
    return EncodedCall.ofFront(bytes);
  }

  private static ByteBuffer shorts(short[] values) {
    ByteBuffer buffer = littleEndian(values.length * Short.BYTES);
    buffer.asShortBuffer().put(values);
    return buffer;
  }

  private static ByteBuffer ints(int[] values) {
    ByteBuffer buffer = littleEndian(values.length * Integer.BYTES);
    buffer.asIntBuffer().put(values);
    return buffer;
  }

  private static ByteBuffer longs(long[] values) {
    ByteBuffer buffer = littleEndian(values.length * Long.BYTES);
    buffer.asLongBuffer().put(values);
    return buffer;
  }

  private static ByteBuffer littleEndian(int bytes) {
    return ByteBuffer.allocate(bytes).order(ByteOrder.LITTLE_ENDIAN);
  }

  private static EncodedCall string(
      String value, int maxLength, boolean asciiOnly, boolean lastConsumer) {
    checkEncodable(
        value.length() <= maxLength,
        "a string of length %s exceeds the maximum length %s",
        value.length(),
        maxLength);
    byte[] bytes = StringEncoding.encode(value, asciiOnly, true);
    if (value.length() == maxLength) {
      // Jazzer stops at the limit by itself, but turns a lone last byte into the empty string;
      // a zero byte after it is left for later calls, which read it as zero.
      return EncodedCall.ofFront(
          lastConsumer && bytes.length == 1 ? concat(bytes, new byte[] {0}) : bytes);
    }
    // A shorter string must end: at a terminator, or, if nothing follows, at the end of the input.
    boolean inputMayEndHere = lastConsumer && bytes.length >= 2;
    return EncodedCall.ofFront(inputMayEndHere ? bytes : concat(bytes, StringEncoding.TERMINATOR));
  }

  /** All remaining bytes, so only exact when nothing after this call reads bytes. */
  private static EncodedCall remainingString(String value, boolean asciiOnly) {
    byte[] bytes = StringEncoding.encode(value, asciiOnly, false);
    if (bytes.length == 1 && !asciiOnly) {
      bytes = concat(bytes, new byte[] {INCOMPLETE_CHARACTER});
    }
    return EncodedCall.ofFront(bytes);
  }

  private static byte[] concat(byte[] first, byte[] second) {
    byte[] both = new byte[first.length + second.length];
    System.arraycopy(first, 0, both, 0, first.length);
    System.arraycopy(second, 0, both, first.length, second.length);
    return both;
  }
}
