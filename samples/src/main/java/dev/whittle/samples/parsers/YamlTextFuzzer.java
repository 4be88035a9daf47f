package dev.whittle.samples.parsers;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.nio.charset.StandardCharsets;

/**
 * {@link YamlFuzzer} as a {@code FuzzedDataProvider} target, its text from {@code
 * consumeRemainingAsString()}: see {@link JsonSmartTextFuzzer}.
 */
public final class YamlTextFuzzer {
  private YamlTextFuzzer() {}

  public static void fuzzerTestOneInput(FuzzedDataProvider data) {
    YamlFuzzer.fuzzerTestOneInput(data.consumeRemainingAsString().getBytes(StandardCharsets.UTF_8));
  }
}
