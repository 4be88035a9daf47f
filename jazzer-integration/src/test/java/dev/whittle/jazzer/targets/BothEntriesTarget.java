package dev.whittle.jazzer.targets;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;

public final class BothEntriesTarget {
  private BothEntriesTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {}

  public static void fuzzerTestOneInput(FuzzedDataProvider data) {}
}
