package dev.whittle.samples.parsers;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.nio.charset.StandardCharsets;

/**
 * {@link JsoupXmlFuzzer} as a {@code FuzzedDataProvider} target, its text from {@code
 * consumeRemainingAsString()}: see {@link JsonSmartTextFuzzer}.
 */
public final class JsoupXmlTextFuzzer {
  private JsoupXmlTextFuzzer() {}

  public static void fuzzerTestOneInput(FuzzedDataProvider data) {
    JsoupXmlFuzzer.fuzzerTestOneInput(
        data.consumeRemainingAsString().getBytes(StandardCharsets.UTF_8));
  }
}
