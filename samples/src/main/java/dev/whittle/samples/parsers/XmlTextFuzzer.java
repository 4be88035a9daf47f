package dev.whittle.samples.parsers;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.nio.charset.StandardCharsets;

/**
 * {@link XmlFuzzer} as a {@code FuzzedDataProvider} target, its text from {@code
 * consumeRemainingAsString()}: see {@link JsonSmartTextFuzzer}.
 */
public final class XmlTextFuzzer {
  private XmlTextFuzzer() {}

  public static void fuzzerTestOneInput(FuzzedDataProvider data) {
    XmlFuzzer.fuzzerTestOneInput(data.consumeRemainingAsString().getBytes(StandardCharsets.UTF_8));
  }
}
