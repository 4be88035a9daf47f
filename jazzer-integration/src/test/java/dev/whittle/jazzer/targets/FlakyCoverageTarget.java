package dev.whittle.jazzer.targets;

import java.util.HashSet;
import java.util.Set;

/**
 * A corpus minimization's target whose coverage is flaky in the three ways real libraries' is: 'c'
 * reaches a lazily built static cache, whose building (and a branch only an input ending in '!'
 * takes while building) runs on the first 'c' call of a loader only; 'h' iterates over a hash set
 * of fresh objects, ordered by their identity hash codes; 't' branches on the parity of {@link
 * System#nanoTime()}. In each, an input ending in '!' reaches a line the others never do, but only
 * on some of its runs.
 */
public final class FlakyCoverageTarget {
  private static String[] cache;

  private FlakyCoverageTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {
    if (data.length == 0) {
      return;
    }
    boolean bang = data[data.length - 1] == '!';
    switch (data[0]) {
      case 'c' -> lookUp(bang);
      case 'h' -> hashOrder(bang);
      case 't' -> clock(bang);
      default -> other();
    }
  }

  private static void lookUp(boolean bang) {
    if (cache == null) {
      // Built by whichever 'c' input comes first in a loader; only then can '!' matter.
      cache = new String[] {"built"};
      if (bang) {
        builtByBang();
      }
    }
    cached();
  }

  private static void hashOrder(boolean bang) {
    Set<Object> set = new HashSet<>();
    Object first = new Object();
    set.add(first);
    set.add(new Object());
    if (set.iterator().next() == first && bang) {
      firstInHashOrder();
    }
  }

  private static void clock(boolean bang) {
    if ((System.nanoTime() & 1) == 0 && bang) {
      evenTime();
    }
  }

  private static void builtByBang() {}

  private static void cached() {}

  private static void firstInHashOrder() {}

  private static void evenTime() {}

  private static void other() {}
}
