package dev.whittle.jazzer.targets;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;

/**
 * A FuzzedDataProvider target with structure: a count, then that many records of a kind, a name and
 * an amount. It throws when two records of kind 2 have names that start alike and amounts that add
 * up to more than 1,000. Byte-level reduction has to keep the layout of every record it keeps;
 * value reduction can shorten names and drop records as values.
 */
public final class RecordListTarget {
  private RecordListTarget() {}

  public static void fuzzerTestOneInput(FuzzedDataProvider data) {
    int count = data.consumeInt(0, 40);
    String previousName = null;
    int previousAmount = 0;
    for (int i = 0; i < count; i++) {
      int kind = data.consumeInt(0, 3);
      String name = data.consumeAsciiString(24);
      int amount = data.consumeInt(-5_000, 5_000);
      boolean urgent = data.consumeBoolean();
      if (kind != 2) {
        continue;
      }
      if (previousName != null
          && !name.isEmpty()
          && previousName.startsWith(name.substring(0, 1))
          && previousAmount + amount > 1_000) {
        throw new IllegalStateException("overdrawn" + (urgent ? "!" : ""));
      }
      previousName = name;
      previousAmount = amount;
    }
  }
}
