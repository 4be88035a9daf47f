package dev.whittle.jazzer.targets;

/**
 * A corpus minimization's target: a few branches whose coverage tells inputs apart, and the hostile
 * ones of the other test targets: 'H' hangs ({@link HangTarget}), 'E' exits, 'R' overflows the
 * stack ({@link StackOverflowTarget}), 'X' throws.
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
      default:
        other();
    }
  }

  private static void longA() {}

  private static void bee() {}

  private static void other() {}
}
