package dev.whittle.jazzer.targets;

/**
 * A byte[] target that throws when the input contains {@code MAGIC} anywhere, however much else.
 */
public final class MagicInJunkTarget {
  private static final byte[] MAGIC = {'M', 'A', 'G', 'I', 'C'};

  private MagicInJunkTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {
    for (int i = 0; i + MAGIC.length <= data.length; i++) {
      if (matchesAt(data, i)) {
        reject(i);
      }
    }
  }

  private static boolean matchesAt(byte[] data, int offset) {
    for (int j = 0; j < MAGIC.length; j++) {
      if (data[offset + j] != MAGIC[j]) {
        return false;
      }
    }
    return true;
  }

  private static void reject(int offset) {
    throw new IllegalArgumentException("magic at " + offset);
  }
}
