package dev.whittle.jazzer.values;

import dev.whittle.api.ValueReducer;

/** The value reducers the crash minimizer uses, by the shape of the fuzz target. */
public final class ValueReduction {
  private ValueReduction() {}

  /** For {@code fuzzerTestOneInput(byte[])} targets: length fields with the bytes they count. */
  public static ValueReducer<byte[]> forByteArrayTargets() {
    return new LengthFieldReducer();
  }
}
