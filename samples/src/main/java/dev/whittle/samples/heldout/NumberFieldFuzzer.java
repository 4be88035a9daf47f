package dev.whittle.samples.heldout;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import org.apache.commons.lang3.StringUtils;
import org.apache.commons.lang3.math.NumberUtils;

/**
 * Jazzer target over Commons Lang 3.4's string slicing and number parsing, a {@link
 * FuzzedDataProvider} target shaped like a record reader: a field's offset and width (two ints from
 * the end of the input), a marker of at most 8 characters and the rest of the input as text. The
 * field is {@code StringUtils.mid} of the text after the first marker (all of it for an empty
 * marker), parsed by {@code NumberUtils.createNumber}, which documents a {@link
 * NumberFormatException} for text that is not a number; a field that {@code NumberUtils.isNumber}
 * calls "a valid Java number" must parse. Any other exception, and a field {@code isNumber} accepts
 * but {@code createNumber} rejects, is a finding.
 */
public final class NumberFieldFuzzer {
  private NumberFieldFuzzer() {}

  public static void fuzzerTestOneInput(FuzzedDataProvider data) {
    int offset = data.consumeInt();
    int width = data.consumeInt();
    String marker = data.consumeString(8);
    String text = data.consumeRemainingAsString();
    String record = marker.isEmpty() ? text : StringUtils.substringAfter(text, marker);
    String field = StringUtils.mid(record, offset, width);
    boolean accepted = NumberUtils.isNumber(field);
    try {
      NumberUtils.createNumber(field);
    } catch (NumberFormatException e) {
      if (accepted) {
        throw new IllegalStateException("isNumber accepts what createNumber rejects: " + field, e);
      }
    }
  }
}
