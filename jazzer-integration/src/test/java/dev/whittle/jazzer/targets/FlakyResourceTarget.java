package dev.whittle.jazzer.targets;

/**
 * On "MEM": the first run outlasts any short call timeout, the later ones run out of memory, as an
 * allocation-heavy target does on the default heap (garbage collection first, the error later). On
 * "R": the first run finds nothing, the later ones overflow the stack.
 */
public final class FlakyResourceTarget {
  private static int memCalls;
  private static int stackCalls;

  public static long[] hog;

  private FlakyResourceTarget() {}

  public static void fuzzerTestOneInput(byte[] data) throws InterruptedException {
    if (Bytes.contains(data, "MEM")) {
      if (memCalls++ == 0) {
        Thread.sleep(2_000);
        return;
      }
      hog = new long[Integer.MAX_VALUE];
    }
    if (Bytes.contains(data, "R") && stackCalls++ > 0) {
      recurse(0);
    }
  }

  private static int recurse(int depth) {
    return recurse(depth + 1) + 1;
  }
}
