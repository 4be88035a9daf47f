package dev.whittle.jazzer.targets;

/**
 * A target whose code under test has a static initializer with branches of its own: it runs inside
 * whichever run first uses {@link Table}, and never again in that class loader.
 */
public final class StaticInitTarget {
  private StaticInitTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {
    if (data.length > 0 && data[0] == 'a') {
      Table.lookup(data.length);
    } else {
      Table.lookup(0);
    }
  }

  static final class Table {
    private static final int[] VALUES = build();

    private Table() {}

    private static int[] build() {
      int[] values = new int[16];
      for (int i = 0; i < values.length; i++) {
        values[i] = i % 3 == 0 ? i : -i;
      }
      return values;
    }

    static int lookup(int index) {
      return VALUES[Math.floorMod(index, VALUES.length)];
    }
  }
}
