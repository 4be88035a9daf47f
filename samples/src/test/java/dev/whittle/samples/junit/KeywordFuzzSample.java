package dev.whittle.samples.junit;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;

/**
 * A fuzz test that Jazzer's fuzzing mode breaks within seconds: a query holding a reserved word
 * fails. Its seed, a long harmless query, makes the crash Jazzer finds long too, so there is
 * something to shrink. Run in fuzzing mode by {@link FuzzingModeEndToEndTest} only.
 */
class KeywordFuzzSample {
  @FuzzTest(maxDuration = "120s")
  void search(byte[] query) {
    String text = new String(query, StandardCharsets.ISO_8859_1);
    if (text.contains("whittle")) {
      throw new IllegalArgumentException("reserved word in a query of " + text.length() + " chars");
    }
  }
}
