package dev.whittle.samples.parsers;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.nio.charset.StandardCharsets;

/**
 * {@link RegexFuzzer} as a {@code FuzzedDataProvider} target, its text from {@code
 * consumeRemainingAsString()}: see {@link JsonSmartTextFuzzer}.
 */
public final class RegexTextFuzzer {
  private RegexTextFuzzer() {}

  public static void fuzzerTestOneInput(FuzzedDataProvider data) {
    RegexFuzzer.fuzzerTestOneInput(
        data.consumeRemainingAsString().getBytes(StandardCharsets.UTF_8));
  }
}
