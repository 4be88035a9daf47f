package dev.whittle.jazzer.targets;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;

/**
 * A FuzzedDataProvider target of the shape of issue 20's record reader: two ints (read from the
 * end), a marker of at most 8 characters and the rest as text. The record is the text after the
 * first marker (all of it for an empty marker, nothing if the marker is not in the text); it throws
 * when the first int exceeds 1000, the second is negative and the record is {@link #RECORD}. The
 * marker cannot shrink on its own (the record then starts earlier, or nowhere), nor can the copy of
 * it in the text (the marker is then not found): only both at once.
 */
public final class MarkedRecordTarget {
  public static final String RECORD = "12345678901";

  private MarkedRecordTarget() {}

  public static void fuzzerTestOneInput(FuzzedDataProvider data) {
    int a = data.consumeInt();
    int b = data.consumeInt();
    String marker = data.consumeString(8);
    String text = data.consumeRemainingAsString();
    int at = text.indexOf(marker);
    String record = at < 0 ? "" : text.substring(at + marker.length());
    if (a > 1000 && b < 0 && record.equals(RECORD)) {
      throw new IllegalStateException("record " + a + "/" + b);
    }
  }
}
