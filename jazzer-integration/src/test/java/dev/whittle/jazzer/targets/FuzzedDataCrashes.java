package dev.whittle.jazzer.targets;

import dev.whittle.jazzer.fdp.FuzzedDataCall;
import dev.whittle.jazzer.fdp.FuzzedDataEncoder;
import dev.whittle.jazzer.fdp.FuzzedDataMethod;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Crashing inputs for the FuzzedDataProvider test targets, made from chosen values. */
public final class FuzzedDataCrashes {
  private FuzzedDataCrashes() {}

  /**
   * For {@link ThresholdStringTarget}: 837, a 90-character string with "ab" at a random place,
   * true, a random long and 16 random bytes.
   */
  public static byte[] threshold(Random random) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 90; i++) {
      text.append((char) ('c' + random.nextInt(20)));
    }
    text.insert(random.nextInt(text.length() + 1), "ab");
    byte[] tail = new byte[16];
    random.nextBytes(tail);
    return FuzzedDataEncoder.encode(
        List.of(
            call(FuzzedDataMethod.CONSUME_INT_IN_RANGE, 837, 0, 1000),
            call(FuzzedDataMethod.CONSUME_STRING, text.toString(), 100),
            call(FuzzedDataMethod.CONSUME_BOOLEAN, true),
            call(FuzzedDataMethod.CONSUME_LONG, random.nextLong()),
            call(FuzzedDataMethod.CONSUME_BYTES, tail, 16)));
  }

  /**
   * For {@link RecordListTarget}: 30 records with random names and amounts, of which only two, at
   * random places, are of kind 2, both with names starting with 'm' and amounts of 600 to 1,499.
   */
  public static byte[] recordList(Random random) {
    int count = 30;
    int first = random.nextInt(count - 1);
    int second = first + 1 + random.nextInt(count - first - 1);
    List<FuzzedDataCall> calls = new ArrayList<>();
    calls.add(call(FuzzedDataMethod.CONSUME_INT_IN_RANGE, count, 0, 40));
    for (int i = 0; i < count; i++) {
      boolean crashing = i == first || i == second;
      int kind = crashing ? 2 : List.of(0, 1, 3).get(random.nextInt(3));
      calls.add(call(FuzzedDataMethod.CONSUME_INT_IN_RANGE, kind, 0, 3));
      StringBuilder name = new StringBuilder(crashing ? "m" : "");
      for (int n = random.nextInt(20); n > 0; n--) {
        name.append((char) ('a' + random.nextInt(26)));
      }
      calls.add(call(FuzzedDataMethod.CONSUME_ASCII_STRING, name.toString(), 24));
      int amount = crashing ? 600 + random.nextInt(900) : random.nextInt(10_001) - 5_000;
      calls.add(call(FuzzedDataMethod.CONSUME_INT_IN_RANGE, amount, -5_000, 5_000));
      calls.add(call(FuzzedDataMethod.CONSUME_BOOLEAN, random.nextBoolean()));
    }
    return FuzzedDataEncoder.encode(calls);
  }

  /**
   * For {@link IntsMarkerTextTarget}: 37 bytes, as a fuzzer leaves them: the text's and the
   * marker's bytes at the front (the marker at its full 8 characters, so without a terminator) and
   * the two ints' bytes at the end.
   */
  public static byte[] intsMarkerText() {
    return FuzzedDataEncoder.encode(
        List.of(
            call(FuzzedDataMethod.CONSUME_INT, 123_456),
            call(FuzzedDataMethod.CONSUME_INT, -77_777),
            call(FuzzedDataMethod.CONSUME_STRING, "abcXdefg", 8),
            call(FuzzedDataMethod.CONSUME_REMAINING_AS_STRING, IntsMarkerTextTarget.NUMBER)));
  }

  /**
   * A crash of {@link MarkedRecordTarget} as Jazzer finds them: an 8-character marker (which needs
   * no terminator), junk before the copy of it in the text, then the record.
   */
  public static byte[] markedRecord() {
    return FuzzedDataEncoder.encode(
        List.of(
            call(FuzzedDataMethod.CONSUME_INT, 123_456),
            call(FuzzedDataMethod.CONSUME_INT, -77_777),
            call(FuzzedDataMethod.CONSUME_STRING, "\0\0key=\0\0", 8),
            call(
                FuzzedDataMethod.CONSUME_REMAINING_AS_STRING,
                "junk\0\0key=\0\0" + MarkedRecordTarget.RECORD)));
  }

  /** A crash of {@link OffsetRecordTarget}: the record behind 12 characters of junk. */
  public static byte[] offsetRecord() {
    return FuzzedDataEncoder.encode(
        List.of(
            call(FuzzedDataMethod.CONSUME_INT, 12),
            call(FuzzedDataMethod.CONSUME_INT, -77_777),
            call(FuzzedDataMethod.CONSUME_STRING, "", 8),
            call(
                FuzzedDataMethod.CONSUME_REMAINING_AS_STRING,
                "junk: \0\0--> " + OffsetRecordTarget.RECORD)));
  }

  private static FuzzedDataCall call(FuzzedDataMethod method, Object value, Object... arguments) {
    return FuzzedDataCall.of(method, List.of(arguments), value);
  }
}
