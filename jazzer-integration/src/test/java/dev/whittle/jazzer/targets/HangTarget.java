package dev.whittle.jazzer.targets;

/**
 * Throws on 'X'; otherwise hangs on 'H', ignoring interrupts, until {@link #releaseAll()} is
 * called. Release goes through a system property (the test's copy of this class is not the
 * target's), counting generations so that a release ends the hangs so far and none that start
 * later.
 */
public final class HangTarget {
  public static final String RELEASE = "whittle.test.releaseHangs";

  private HangTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {
    if (Bytes.contains(data, "X")) {
      throw new IllegalStateException("crash");
    }
    if (Bytes.contains(data, "H")) {
      hang();
    }
  }

  /** Ends every hang so far; a test calls it when done with the threads it abandoned. */
  public static synchronized void releaseAll() {
    System.setProperty(RELEASE, Integer.toString(Integer.getInteger(RELEASE, 0) + 1));
  }

  private static void hang() {
    int generation = Integer.getInteger(RELEASE, 0);
    while (Integer.getInteger(RELEASE, 0) == generation) {
      try {
        Thread.sleep(5);
      } catch (InterruptedException ignored) {
        // Hostile on purpose: a hung target that swallows interrupts.
      }
    }
  }
}
