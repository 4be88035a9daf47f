package dev.whittle.jazzer.targets;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;

/**
 * A FuzzedDataProvider target whose minimal values are determined: it throws when {@code
 * consumeInt(0, 1000)} is at least 500 and the following {@code consumeString(100)} contains "ab".
 * Then it reads a few more values that do not matter.
 */
public final class ThresholdStringTarget {
  private ThresholdStringTarget() {}

  public static void fuzzerTestOneInput(FuzzedDataProvider data) {
    int number = data.consumeInt(0, 1000);
    String text = data.consumeString(100);
    boolean flag = data.consumeBoolean();
    long ignored = data.consumeLong();
    byte[] tail = data.consumeBytes(16);
    if (number >= 500 && text.contains("ab")) {
      throw new IllegalStateException("threshold " + flag + ignored + tail.length);
    }
  }
}
