package dev.whittle.jazzer.targets;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;

/**
 * A FuzzedDataProvider target: throws when the last four bytes make the int 0x44332211 (Jazzer
 * reads integers from the end), and crashes inside the provider on 'x' (a bad range).
 */
public final class DataProviderTarget {
  private DataProviderTarget() {}

  public static void fuzzerTestOneInput(FuzzedDataProvider data) {
    if (data.consumeInt() == 0x44332211) {
      throw new IllegalStateException("magic int");
    }
    String text = data.consumeRemainingAsString();
    if (text.contains("x")) {
      data.consumeInt(5, 1);
    }
  }
}
