package dev.whittle.samples.heldout;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import org.apache.commons.lang3.math.NumberUtils;

/**
 * Jazzer target over Commons Lang 3.4's number parsing, a {@link FuzzedDataProvider} target: a
 * string of at most 16 characters from the front, parsed by {@code NumberUtils.createNumber}, which
 * documents a {@link NumberFormatException} for text that is not a number; a string that {@code
 * NumberUtils.isNumber} calls "a valid Java number" must parse. Any other exception, and a string
 * {@code isNumber} accepts but {@code createNumber} rejects, is a finding (Commons Lang fixed
 * several such disagreements after 3.4).
 */
public final class NumberFuzzer {
  private NumberFuzzer() {}

  public static void fuzzerTestOneInput(FuzzedDataProvider data) {
    String text = data.consumeString(16);
    boolean accepted = NumberUtils.isNumber(text);
    try {
      NumberUtils.createNumber(text);
    } catch (NumberFormatException e) {
      if (accepted) {
        throw new IllegalStateException("isNumber accepts what createNumber rejects: " + text, e);
      }
    }
  }
}
