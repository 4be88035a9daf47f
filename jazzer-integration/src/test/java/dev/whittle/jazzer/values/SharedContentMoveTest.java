package dev.whittle.jazzer.values;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.whittle.jazzer.fdp.FuzzedDataCall;
import dev.whittle.jazzer.fdp.FuzzedDataMethod;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

class SharedContentMoveTest {
  /** The step over {@code calls} with an oracle on their values; returns the accepted calls. */
  private static List<FuzzedDataCall> run(
      List<FuzzedDataCall> calls, Predicate<List<FuzzedDataCall>> interesting) {
    List<List<FuzzedDataCall>> current = new ArrayList<>(List.of(calls));
    new SharedContentMove(
            () -> current.get(0),
            candidate -> {
              if (!interesting.test(candidate)) {
                return false;
              }
              current.set(0, candidate);
              return true;
            })
        .run();
    return current.get(0);
  }

  private static FuzzedDataCall call(FuzzedDataMethod method, Object value, Object... arguments) {
    return FuzzedDataCall.of(method, List.of(arguments), value);
  }

  /** What follows the first {@code marker} in {@code text}; null if it is not there. */
  private static String after(String text, String marker) {
    int at = text.indexOf(marker);
    return at < 0 ? null : text.substring(at + marker.length());
  }

  @Test
  void aMarkerGoesWithItsCopyInTheTextWhileTheIntsKeepTheirValues() {
    List<FuzzedDataCall> calls =
        List.of(
            call(FuzzedDataMethod.CONSUME_INT, 7),
            call(FuzzedDataMethod.CONSUME_INT, -9),
            call(FuzzedDataMethod.CONSUME_STRING, "\0\0\0\0\0\0\0\0", 8),
            call(FuzzedDataMethod.CONSUME_REMAINING_AS_STRING, "\0\0\0\0\0\0\0\0" + "1e99F"));

    List<FuzzedDataCall> result =
        run(
            calls,
            c -> "1e99F".equals(after((String) c.get(3).value(), (String) c.get(2).value())));

    assertEquals(7, result.get(0).value());
    assertEquals(-9, result.get(1).value());
    assertEquals("", result.get(2).value());
    assertEquals("1e99F", result.get(3).value());
  }

  @Test
  void aSeparatorGoesFromEveryPlaceItSplitsAndAKeyFromTheFirstItIsLookedUpAt() {
    // The text must split into three fields at the separator: every copy goes with it.
    List<FuzzedDataCall> split =
        run(
            List.of(
                call(FuzzedDataMethod.CONSUME_STRING, ";;", 8),
                call(FuzzedDataMethod.CONSUME_REMAINING_AS_STRING, "a;;b;;c")),
            c -> ((String) c.get(1).value()).split((String) c.get(0).value(), -1).length == 3);
    assertEquals(";", split.get(0).value());
    assertEquals("a;b;c", split.get(1).value());

    // A key of bytes looked up in a document of bytes whose trailer (a copy of the key among
    // them) must stay as it is: only the first copy can go with the key.
    List<FuzzedDataCall> lookup =
        run(
            List.of(
                call(FuzzedDataMethod.CONSUME_BYTES, new byte[] {1, 2, 3, 4}, 4),
                call(
                    FuzzedDataMethod.CONSUME_REMAINING_AS_BYTES,
                    new byte[] {'=', 1, 2, 3, 4, '!', 1, 2, 3, 4})),
            c -> {
              byte[] key = (byte[]) c.get(0).value();
              byte[] document = (byte[]) c.get(1).value();
              List<Integer> at = CallValues.occurrences(document, key);
              byte[] trailer = {'!', 1, 2, 3, 4};
              return key.length > 0
                  && !at.isEmpty()
                  && at.get(0) == 1
                  && document[0] == '='
                  && Arrays.equals(
                      document,
                      document.length - trailer.length,
                      document.length,
                      trailer,
                      0,
                      trailer.length);
            });
    assertArrayEquals(new byte[] {1}, (byte[]) lookup.get(0).value());
    assertArrayEquals(new byte[] {'=', 1, '!', 1, 2, 3, 4}, (byte[]) lookup.get(1).value());
  }
}
