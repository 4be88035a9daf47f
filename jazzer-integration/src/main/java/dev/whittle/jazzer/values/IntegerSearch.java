package dev.whittle.jazzer.values;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiPredicate;

/**
 * The moves of one integer toward its simplest value, for {@link MutatorArgumentsTurn}: the
 * simplest value, the small values next to it, a binary search, and every value the order puts
 * below a result near the simplest. Where one step toward the simplest no longer fails, the value
 * sits at a threshold already if the property is monotone in it, and its search is {@linkplain
 * #deferred deferred} until every other integer had its moves: the searches of values at their
 * threshold would otherwise spend the allowance before the values that can move were asked.
 */
final class IntegerSearch {
  private final BiPredicate<List<Integer>, Object> accepted;
  private final List<List<Integer>> deferred = new ArrayList<>();

  /**
   * @param accepted asks about the current arguments with the value at a path replaced, and whether
   *     the candidate was accepted (or is the best itself)
   */
  IntegerSearch(BiPredicate<List<Integer>, Object> accepted) {
    this.accepted = accepted;
  }

  /** The paths whose search {@link #simplify} deferred, in their order. */
  List<List<Integer>> deferred() {
    return List.copyOf(deferred);
  }

  /**
   * The simplest value first, then the small values; then a binary search between the simplest (not
   * interesting) and the current value (interesting), for the value nearest to the simplest that is
   * still interesting when the property is monotone in it, as thresholds usually are.
   */
  void simplify(List<Integer> path, Object value, long simplest) {
    long passing = ValueEdits.integral(value);
    long failing = simplest;
    if (passing == failing) {
      return;
    }
    if (accepted.test(path, ValueEdits.boxLike(value, failing))) {
      return;
    }
    // The small values next, smallest first (0, 1, -1, 2, -2, ...), where a property that is not
    // monotone may still fail; only those the order puts below the current value.
    for (long small : smallValues(simplest, passing, SMALL_DISTANCE)) {
      if (accepted.test(path, ValueEdits.boxLike(value, small))) {
        return;
      }
    }
    // One step toward the simplest value: where even that does not fail, the search waits until
    // the other integers had their moves.
    Object step = ValueEdits.boxLike(value, passing > failing ? passing - 1 : passing + 1);
    if (ValueEdits.integral(step) == failing) {
      search(path, value, simplest);
    } else if (accepted.test(path, step)) {
      search(path, step, simplest);
    } else {
      deferred.add(path);
    }
  }

  /**
   * A binary search between the simplest value (not interesting) and the current one (interesting);
   * then, where it ended near the simplest, every value the order puts below.
   */
  void search(List<Integer> path, Object value, long simplest) {
    long passing =
        ValueEdits.bisect(
            ValueEdits.integral(value),
            simplest,
            mid -> accepted.test(path, ValueEdits.boxLike(value, mid)));
    // Where the search ended near the simplest value, every value the order puts below it, in
    // that order: the search only goes one way from the simplest, and a property that is not
    // monotone there (a value that must differ from others, as 3 may become -2) fails on the
    // other side. The values the search asked come from the cache.
    if (!near(passing, simplest, EXHAUSTIVE_DISTANCE)) {
      return;
    }
    for (long small : smallValues(simplest, passing, EXHAUSTIVE_DISTANCE)) {
      if (accepted.test(path, ValueEdits.boxLike(value, small))) {
        return;
      }
    }
  }

  /**
   * The values next to {@code simplest}, within {@code distance} of it, nearest first and at the
   * same distance the non-negative one, that the order puts below {@code value}.
   */
  private static List<Long> smallValues(long simplest, long value, int distance) {
    List<Long> small = new ArrayList<>();
    for (long d = 1; d <= distance; d++) {
      for (long candidate : new long[] {simplest + d, simplest - d}) {
        if (candidate != value && ValueOrder.compareIntegral(candidate, value) < 0) {
          small.add(candidate);
        }
      }
    }
    return small;
  }

  /** How far from the simplest value the small values go: 1 and -1 when that is 0. */
  private static final int SMALL_DISTANCE = 1;

  /**
   * How near the simplest value a search's result must be for every value below it to be asked: at
   * most twice this many questions, most of them answered by the cache.
   */
  private static final int EXHAUSTIVE_DISTANCE = 4;

  private static boolean near(long value, long simplest, int distance) {
    try {
      return Math.absExact(Math.subtractExact(value, simplest)) <= distance;
    } catch (ArithmeticException overflow) {
      return false;
    }
  }
}
