package dev.whittle.jazzer.targets;

/**
 * A corpus minimization's target: a few branches whose coverage tells inputs apart, and the hostile
 * ones of the other test targets: 'H' hangs ({@link HangTarget}), 'E' exits, 'R' overflows the
 * stack ({@link StackOverflowTarget}), 'X' throws. 'd' has a branch that only inputs shorter than
 * three bytes reach; 's' takes a few milliseconds a run; 'f' has a first-use branch.
 */
public final class CorpusTarget {
  private CorpusTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {
    if (data.length == 0) {
      return;
    }
    switch (data[0]) {
      case 'a':
        if (data.length > 4) {
          longA();
        }
        return;
      case 'b':
        bee();
        return;
      case 'H':
        HangTarget.fuzzerTestOneInput(new byte[] {'H'});
        return;
      case 'E':
        System.exit(3);
        return;
      case 'R':
        StackOverflowTarget.fuzzerTestOneInput(new byte[] {'R'});
        return;
      case 'X':
        throw new IllegalStateException("X");
      case 'd':
        if (data.length > 1 && data[1] == '!') {
          bang();
        }
        if (data.length < 3) {
          shortD();
        }
        return;
      case 's':
        slow();
        return;
      case 'f':
        if (!firstUseDone) {
          // A first-use cache: only the first 'f' input of a loader runs this.
          firstUseDone = true;
          firstUse();
        }
        return;
      default:
        other();
    }
  }

  private static void longA() {}

  private static void bee() {}

  private static void other() {}

  private static boolean firstUseDone;

  private static void firstUse() {}

  private static void bang() {}

  private static void shortD() {}

  private static void slow() {
    try {
      Thread.sleep(5);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
