package dev.whittle.jazzer.values;

import dev.whittle.jazzer.fdp.FuzzedDataCall;
import dev.whittle.jazzer.fdp.FuzzedDataMethod;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Shortens two sequence values at once where one of them occurs inside the other: a marker and the
 * text it must be found in, a key and the document that holds it, a separator and the text it
 * splits. Neither can shrink on its own then (the marker no longer matches, or the text no longer
 * holds it), and no byte deletion helps either: every deletion in the front shifts the bytes of one
 * value into the other. So each chunk of the inner value (the needle) goes together with the same
 * chunk of its occurrences in the outer one (the haystack): all of them, and where there are
 * several, the first alone (a lookup reads only the first). Chunks go coarse to fine, the whole
 * needle first, then halves, quarters, ... single elements, from the end backwards; the calls'
 * other values, the integers read from the end among them, stay as they are.
 */
final class SharedContentMove {
  /**
   * At most this many needle-haystack pairs per sweep, longest needles first: a target with many
   * short strings has many chance occurrences (a one-character string is in most texts), and each
   * pair costs questions.
   */
  static final int MAX_PAIRS = 8;

  private final Supplier<List<FuzzedDataCall>> calls;
  private final Predicate<List<FuzzedDataCall>> accepted;

  /**
   * @param calls the current calls, which change after every accepted candidate
   * @param accepted asks about a candidate; whether it is at least as good as the best so far
   */
  SharedContentMove(
      Supplier<List<FuzzedDataCall>> calls, Predicate<List<FuzzedDataCall>> accepted) {
    this.calls = calls;
    this.accepted = accepted;
  }

  void run() {
    for (Pair pair : pairs(calls.get())) {
      shorten(pair);
    }
  }

  /** A needle call's index, the haystack call's index, and both calls' methods when found. */
  private record Pair(
      int needle,
      FuzzedDataMethod needleMethod,
      int haystack,
      FuzzedDataMethod haystackMethod,
      int length) {}

  private static List<Pair> pairs(List<FuzzedDataCall> calls) {
    List<Pair> pairs = new ArrayList<>();
    for (int i = 0; i < calls.size(); i++) {
      Object needle = calls.get(i).value();
      if (!CallValues.isSequence(calls.get(i).method()) || CallValues.length(needle) == 0) {
        continue;
      }
      for (int j = 0; j < calls.size(); j++) {
        if (j != i
            && CallValues.isSequence(calls.get(j).method())
            && !CallValues.occurrences(calls.get(j).value(), needle).isEmpty()) {
          pairs.add(
              new Pair(
                  i, calls.get(i).method(), j, calls.get(j).method(), CallValues.length(needle)));
        }
      }
    }
    pairs.sort(Comparator.comparingInt((Pair p) -> -p.length()));
    return pairs.subList(0, Math.min(MAX_PAIRS, pairs.size()));
  }

  private void shorten(Pair pair) {
    for (int chunk = pair.length(); chunk >= 1; chunk /= 2) {
      Object needle = needle(pair);
      if (needle == null) {
        return;
      }
      int end = CallValues.length(needle);
      while (end > 0) {
        int start = Math.max(0, end - chunk);
        if (!deleteTogether(pair, start, end)) {
          return; // The calls changed shape, or the needle is no longer in the haystack.
        }
        end = start;
      }
    }
  }

  /**
   * Asks about elements {@code start} to {@code end} of the needle deleted from it and from its
   * occurrences in the haystack; whether the pair still stands for a needle in a haystack.
   */
  private boolean deleteTogether(Pair pair, int start, int end) {
    Object needle = needle(pair);
    if (needle == null || end > CallValues.length(needle)) {
      return false;
    }
    Object haystack = calls.get().get(pair.haystack()).value();
    List<Integer> at = CallValues.occurrences(haystack, needle);
    if (at.isEmpty()) {
      return false;
    }
    Object shorterNeedle = CallValues.delete(needle, start, end);
    if (!accepted.test(withValues(pair, shorterNeedle, deleteAt(haystack, at, start, end)))
        && at.size() > 1) {
      accepted.test(
          withValues(pair, shorterNeedle, deleteAt(haystack, at.subList(0, 1), start, end)));
    }
    return true;
  }

  /** The needle's current value, or null if the calls no longer have the pair's shape. */
  private Object needle(Pair pair) {
    List<FuzzedDataCall> current = calls.get();
    if (!CallValues.hasCallsAt(
        current, pair.needle(), pair.needleMethod(), pair.haystack(), pair.haystackMethod())) {
      return null;
    }
    Object needle = current.get(pair.needle()).value();
    return CallValues.length(needle) == 0 ? null : needle;
  }

  /**
   * {@code haystack} without elements {@code start} to {@code end} of each occurrence in {@code
   * at}.
   */
  private static Object deleteAt(Object haystack, List<Integer> at, int start, int end) {
    Object shorter = haystack;
    for (int k = at.size() - 1; k >= 0; k--) {
      shorter = CallValues.delete(shorter, at.get(k) + start, at.get(k) + end);
    }
    return shorter;
  }

  private List<FuzzedDataCall> withValues(Pair pair, Object needle, Object haystack) {
    List<FuzzedDataCall> changed = new ArrayList<>(calls.get());
    changed.set(pair.needle(), changed.get(pair.needle()).withValue(needle));
    changed.set(pair.haystack(), changed.get(pair.haystack()).withValue(haystack));
    return changed;
  }
}
