package dev.whittle.samples.parsers;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.nio.charset.StandardCharsets;

/**
 * {@link JsonSmartFuzzer} as a {@code FuzzedDataProvider} target: the text is the provider's {@code
 * consumeRemainingAsString()}, so that {@code whittle minimize} sees it as one String value, which
 * it reduces as a tree of the String, where a {@code byte[]} target's text gets the tree passes on
 * its bytes. The property is JsonSmartFuzzer's own.
 */
public final class JsonSmartTextFuzzer {
  private JsonSmartTextFuzzer() {}

  public static void fuzzerTestOneInput(FuzzedDataProvider data) {
    JsonSmartFuzzer.fuzzerTestOneInput(
        data.consumeRemainingAsString().getBytes(StandardCharsets.UTF_8));
  }
}
