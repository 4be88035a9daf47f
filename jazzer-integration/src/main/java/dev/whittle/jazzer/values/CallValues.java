package dev.whittle.jazzer.values;

import dev.whittle.jazzer.fdp.FuzzedDataCall;
import dev.whittle.jazzer.fdp.FuzzedDataMethod;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;

/** What the pass can do with one call's value: its kind, range, length and edits. */
final class CallValues {
  private CallValues() {}

  /** Strings, arrays and the remaining-bytes calls: values that can get shorter. */
  static boolean isSequence(FuzzedDataMethod method) {
    return switch (method) {
      case CONSUME_BOOLEANS,
              CONSUME_BYTES,
              CONSUME_SHORTS,
              CONSUME_INTS,
              CONSUME_LONGS,
              CONSUME_REMAINING_AS_BYTES,
              CONSUME_STRING,
              CONSUME_ASCII_STRING,
              CONSUME_REMAINING_AS_STRING,
              CONSUME_REMAINING_AS_ASCII_STRING ->
          true;
      default -> false;
    };
  }

  /** Strings and arrays whose shorter forms the encoder can lay out only where the input ends. */
  static boolean shortensOnlyAtTheEnd(FuzzedDataMethod method) {
    return isSequence(method)
        && method != FuzzedDataMethod.CONSUME_STRING
        && method != FuzzedDataMethod.CONSUME_ASCII_STRING;
  }

  /** Bytes, shorts, ints, longs and chars, with or without a range. */
  static boolean isIntegral(FuzzedDataMethod method) {
    return switch (method) {
      case CONSUME_BYTE,
              CONSUME_BYTE_IN_RANGE,
              CONSUME_SHORT,
              CONSUME_SHORT_IN_RANGE,
              CONSUME_INT,
              CONSUME_INT_IN_RANGE,
              CONSUME_LONG,
              CONSUME_LONG_IN_RANGE,
              CONSUME_CHAR,
              CONSUME_CHAR_IN_RANGE,
              CONSUME_CHAR_NO_SURROGATES ->
          true;
      default -> false;
    };
  }

  static boolean isFloatingPoint(FuzzedDataMethod method) {
    return switch (method) {
      case CONSUME_FLOAT,
              CONSUME_REGULAR_FLOAT,
              CONSUME_REGULAR_FLOAT_IN_RANGE,
              CONSUME_PROBABILITY_FLOAT,
              CONSUME_DOUBLE,
              CONSUME_REGULAR_DOUBLE,
              CONSUME_REGULAR_DOUBLE_IN_RANGE,
              CONSUME_PROBABILITY_DOUBLE ->
          true;
      default -> false;
    };
  }

  /** The length of a sequence value: characters of a string, elements of an array. */
  static int length(Object value) {
    return value instanceof String s ? s.length() : Array.getLength(value);
  }

  /** {@code value} without its elements {@code from} (inclusive) to {@code to} (exclusive). */
  static Object delete(Object value, int from, int to) {
    if (value instanceof String s) {
      return s.substring(0, from) + s.substring(to);
    }
    int length = Array.getLength(value);
    Object shorter = Array.newInstance(value.getClass().getComponentType(), length - (to - from));
    System.arraycopy(value, 0, shorter, 0, from);
    System.arraycopy(value, to, shorter, from, length - to);
    return shorter;
  }

  /**
   * Where {@code needle} starts in {@code haystack}, both sequence values, without overlaps, from
   * the front; empty if they are of different kinds (a string and an array, or arrays of different
   * element types) or the needle is empty.
   */
  static List<Integer> occurrences(Object haystack, Object needle) {
    if (haystack.getClass() != needle.getClass() || length(needle) == 0) {
      return List.of();
    }
    List<Integer> at = new ArrayList<>();
    int n = length(needle);
    for (int i = indexOf(haystack, needle, 0); i >= 0; i = indexOf(haystack, needle, i + n)) {
      at.add(i);
    }
    return at;
  }

  private static int indexOf(Object haystack, Object needle, int from) {
    if (haystack instanceof String s) {
      return s.indexOf((String) needle, from);
    }
    int n = Array.getLength(needle);
    for (int i = from; i + n <= Array.getLength(haystack); i++) {
      if (regionMatches(haystack, i, needle, n)) {
        return i;
      }
    }
    return -1;
  }

  private static boolean regionMatches(Object haystack, int offset, Object needle, int n) {
    for (int k = 0; k < n; k++) {
      if (!Array.get(haystack, offset + k).equals(Array.get(needle, k))) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether {@code calls} still has a call of {@code firstMethod} at {@code first} and one of
   * {@code secondMethod} at {@code second}: after an accepted candidate the target may call
   * differently, and a pair of calls found before then means nothing.
   */
  static boolean hasCallsAt(
      List<FuzzedDataCall> calls,
      int first,
      FuzzedDataMethod firstMethod,
      int second,
      FuzzedDataMethod secondMethod) {
    return Math.max(first, second) < calls.size()
        && calls.get(first).method() == firstMethod
        && calls.get(second).method() == secondMethod;
  }

  /** An integral value as a long; chars count as unsigned. */
  static long integral(Object value) {
    return value instanceof Character c ? c : ((Number) value).longValue();
  }

  /** The least value an integral call can return. */
  static long min(FuzzedDataCall call) {
    return bound(call, 0);
  }

  /** The greatest value an integral call can return. */
  static long max(FuzzedDataCall call) {
    return bound(call, 1);
  }

  private static long bound(FuzzedDataCall call, int which) {
    List<Object> arguments = call.arguments();
    if (!arguments.isEmpty()) {
      return integral(arguments.get(which));
    }
    return switch (call.method()) {
      case CONSUME_BYTE -> which == 0 ? Byte.MIN_VALUE : Byte.MAX_VALUE;
      case CONSUME_SHORT -> which == 0 ? Short.MIN_VALUE : Short.MAX_VALUE;
      case CONSUME_INT -> which == 0 ? Integer.MIN_VALUE : Integer.MAX_VALUE;
      case CONSUME_LONG -> which == 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
      case CONSUME_CHAR, CONSUME_CHAR_NO_SURROGATES -> which == 0 ? 0 : Character.MAX_VALUE;
      default -> throw new IllegalArgumentException("not an integral call: " + call);
    };
  }

  /** The simplest value of an integral call: zero if in range, else the bound nearer to zero. */
  static long simplest(FuzzedDataCall call) {
    return Math.max(min(call), Math.min(max(call), 0));
  }

  /** {@code value} boxed as the return type of {@code method}, an integral method. */
  static Object boxIntegral(FuzzedDataMethod method, long value) {
    return switch (method) {
      case CONSUME_BYTE, CONSUME_BYTE_IN_RANGE -> (byte) value;
      case CONSUME_SHORT, CONSUME_SHORT_IN_RANGE -> (short) value;
      case CONSUME_INT, CONSUME_INT_IN_RANGE -> (int) value;
      case CONSUME_LONG, CONSUME_LONG_IN_RANGE -> value;
      case CONSUME_CHAR, CONSUME_CHAR_IN_RANGE, CONSUME_CHAR_NO_SURROGATES -> (char) value;
      default -> throw new IllegalArgumentException("not an integral method: " + method);
    };
  }

  /**
   * Simpler values to try for a floating-point call, simplest first: zero, and for a range its
   * bound nearer to zero. Values Jazzer cannot produce are among them; the encoder rejects those.
   */
  static List<Object> simplerFloatingPoint(FuzzedDataCall call) {
    List<Object> arguments = call.arguments();
    boolean isFloat = call.value() instanceof Float;
    double value = ((Number) call.value()).doubleValue();
    double nearest = 0;
    if (!arguments.isEmpty()) {
      double min = ((Number) arguments.get(0)).doubleValue();
      double max = ((Number) arguments.get(1)).doubleValue();
      nearest = Math.max(min, Math.min(max, 0));
    }
    return java.util.stream.Stream.of(0.0, nearest)
        .distinct()
        .filter(d -> Double.compare(Math.abs(d), Math.abs(value)) < 0 || Double.isNaN(value))
        .<Object>map(d -> isFloat ? (Object) (float) (double) d : (Object) d)
        .toList();
  }
}
