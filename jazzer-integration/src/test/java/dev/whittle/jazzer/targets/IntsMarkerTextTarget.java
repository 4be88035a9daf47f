package dev.whittle.jazzer.targets;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;

/**
 * A FuzzedDataProvider target of the shape of a number parser's harness: two ints (read from the
 * end), a marker of at most 8 characters and the rest as text (both from the front). It throws when
 * the first int exceeds 1000, the second is negative, the marker has an 'X' and the text is a
 * number of more than 20 digits. No byte can go on its own: every deletion takes a digit off the
 * number (a deletion in the marker shifts one of them into it).
 */
public final class IntsMarkerTextTarget {
  /** The 21-digit number of the crash: the shortest text that crashes. */
  public static final String NUMBER = "123456789012345678901";

  private IntsMarkerTextTarget() {}

  public static void fuzzerTestOneInput(FuzzedDataProvider data) {
    int a = data.consumeInt();
    int b = data.consumeInt();
    String marker = data.consumeString(8);
    String rest = data.consumeRemainingAsString();
    if (a > 1000 && b < 0 && marker.indexOf('X') >= 0 && isLongNumber(rest)) {
      throw new IllegalStateException("parsed " + a + "/" + b);
    }
  }

  private static boolean isLongNumber(String text) {
    return text.length() > 20 && text.chars().allMatch(c -> c >= '0' && c <= '9');
  }
}
