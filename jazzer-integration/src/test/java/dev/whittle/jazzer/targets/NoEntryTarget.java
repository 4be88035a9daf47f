package dev.whittle.jazzer.targets;

/** Has an entry of the wrong shape only: not static, and returning boolean. */
public final class NoEntryTarget {
  public boolean fuzzerTestOneInput(byte[] data) {
    return data.length > 0;
  }
}
