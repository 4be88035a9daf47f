package dev.whittle.samples.parsers;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.nio.charset.StandardCharsets;

/**
 * {@link HtmlFuzzer} as a {@code FuzzedDataProvider} target, its text from {@code
 * consumeRemainingAsString()}: see {@link JsonSmartTextFuzzer}.
 */
public final class HtmlTextFuzzer {
  private HtmlTextFuzzer() {}

  public static void fuzzerTestOneInput(FuzzedDataProvider data) {
    HtmlFuzzer.fuzzerTestOneInput(data.consumeRemainingAsString().getBytes(StandardCharsets.UTF_8));
  }
}
