package dev.whittle.jazzer.targets;

/**
 * A fuzz test class as a framework sees it (an instance method, a set-up flag its lifecycle sets),
 * outside Whittle's packages so that it gets coverage probes; its static state tells which copy
 * ran.
 */
public final class CoveredFuzzTest {
  public static int calls;
  public boolean setUp;

  public void parse(byte[] input) {
    calls++;
    if (!setUp) {
      throw new IllegalStateException("called without its set-up");
    }
    if (input.length > 0 && input[0] == 'a') {
      branchA(input);
    } else if (input.length > 1) {
      branchB();
    }
  }

  private static void branchA(byte[] input) {
    if (input.length > 3) {
      calls++;
    }
  }

  private static void branchB() {
    calls += 2;
  }
}
