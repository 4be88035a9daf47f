package dev.whittle.jazzer.targets;

/**
 * Overflows its stack on 'R' only where a JVM allows it: always while the system property {@value
 * #WARM} is true (a test sets it in the minimizing JVM, the "warm" one), otherwise only for inputs
 * of at least {@value #FRESH_MIN_LENGTH} bytes. So the in-process minimum, "R", does not reproduce
 * in a fresh JVM, while larger improvements do: the shape of a real stack overflow, whose depth
 * moves with the JVM's state.
 */
public final class WarmOnlyOverflowTarget {
  public static final String WARM = "whittle.test.warm";
  public static final int FRESH_MIN_LENGTH = 20;

  private WarmOnlyOverflowTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {
    if (Bytes.contains(data, "R")
        && (Boolean.getBoolean(WARM) || data.length >= FRESH_MIN_LENGTH)) {
      throw new StackOverflowError();
    }
  }
}
