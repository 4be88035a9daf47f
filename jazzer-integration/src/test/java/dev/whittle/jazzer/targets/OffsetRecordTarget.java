package dev.whittle.jazzer.targets;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;

/**
 * A FuzzedDataProvider target of the shape of issue 20's record reader with the field's offset from
 * the end of the input: two ints, a marker of at most 8 characters and the rest as text. It throws
 * when the text from the first int's offset on is {@link #RECORD}, the second int is negative and
 * the marker is empty. The text before the offset cannot go on its own (the offset would point into
 * the record), nor can the offset change alone: only both at once.
 */
public final class OffsetRecordTarget {
  public static final String RECORD = "12345678901";

  private OffsetRecordTarget() {}

  public static void fuzzerTestOneInput(FuzzedDataProvider data) {
    int offset = data.consumeInt();
    int b = data.consumeInt();
    String marker = data.consumeString(8);
    String text = data.consumeRemainingAsString();
    if (offset >= 0
        && offset <= text.length()
        && text.substring(offset).equals(RECORD)
        && b < 0
        && marker.isEmpty()) {
      throw new IllegalStateException("record at " + offset);
    }
  }
}
