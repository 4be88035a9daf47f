package dev.whittle.jazzer.values;

import dev.whittle.jazzer.fdp.FuzzedDataCall;
import dev.whittle.jazzer.fdp.FuzzedDataMethod;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Deletes elements of a string or array before a position that an integer gives, and lowers the
 * integer by as many: an offset into a text, the index of a field. Neither can change alone then
 * (the offset would point elsewhere in the shorter text), and the integer's bytes at the end of the
 * input stay where they are. Pairs are an integral call of more than {@link #NARROW_VALUES}
 * possible values whose value {@code v} is positive and a sequence call at least {@code v} long;
 * the elements before {@code v} go coarse to fine, all of them first, then halves, quarters, ...
 * single elements, from the position backwards.
 */
final class IndexShiftMove {
  /**
   * At most this many integer-sequence pairs per sweep, largest positions first: small integers
   * (counts, choices) fall in the range of most strings by chance, and each pair costs questions.
   */
  static final int MAX_PAIRS = 8;

  /**
   * Integers that can take at most this many values (one byte's worth) are choices and counts (an
   * opcode, a dimension) far more often than positions, and every string at least as long as one of
   * them would make a pair.
   */
  static final long NARROW_VALUES = 256;

  private final Supplier<List<FuzzedDataCall>> calls;
  private final Predicate<List<FuzzedDataCall>> accepted;

  /**
   * @param calls the current calls, which change after every accepted candidate
   * @param accepted asks about a candidate; whether it is at least as good as the best so far
   */
  IndexShiftMove(Supplier<List<FuzzedDataCall>> calls, Predicate<List<FuzzedDataCall>> accepted) {
    this.calls = calls;
    this.accepted = accepted;
  }

  void run() {
    for (Pair pair : pairs(calls.get())) {
      shift(pair);
    }
  }

  /** An integral call and a sequence call it may index into, by index and method. */
  private record Pair(
      int integer,
      FuzzedDataMethod integerMethod,
      int sequence,
      FuzzedDataMethod sequenceMethod,
      long position) {}

  private static List<Pair> pairs(List<FuzzedDataCall> calls) {
    List<Pair> pairs = new ArrayList<>();
    for (int i = 0; i < calls.size(); i++) {
      FuzzedDataCall integer = calls.get(i);
      if (!CallValues.isIntegral(integer.method()) || isNarrow(integer)) {
        continue;
      }
      long position = CallValues.integral(integer.value());
      for (int j = 0; j < calls.size(); j++) {
        FuzzedDataCall sequence = calls.get(j);
        if (position > 0
            && CallValues.isSequence(sequence.method())
            && position <= CallValues.length(sequence.value())) {
          pairs.add(new Pair(i, integer.method(), j, sequence.method(), position));
        }
      }
    }
    pairs.sort(Comparator.comparingLong((Pair p) -> -p.position()));
    return pairs.subList(0, Math.min(MAX_PAIRS, pairs.size()));
  }

  /** Whether the call can return at most {@link #NARROW_VALUES} values (max - min unsigned). */
  private static boolean isNarrow(FuzzedDataCall integer) {
    return Long.compareUnsigned(
            CallValues.max(integer) - CallValues.min(integer), NARROW_VALUES - 1)
        <= 0;
  }

  private void shift(Pair pair) {
    for (long chunk = pair.position(); chunk >= 1; chunk /= 2) {
      long end = position(pair);
      while (end > 0) {
        long start = Math.max(0, end - chunk);
        if (!deleteBefore(pair, (int) start, (int) end)) {
          return; // The calls changed shape, or the integer no longer points into the sequence.
        }
        end = start;
      }
    }
  }

  /**
   * Asks about elements {@code start} to {@code end} of the sequence deleted and the integer
   * lowered by as many; whether the integer still points into the sequence.
   */
  private boolean deleteBefore(Pair pair, int start, int end) {
    long position = position(pair);
    if (position <= 0 || end > position) {
      return false;
    }
    List<FuzzedDataCall> current = calls.get();
    FuzzedDataCall integer = current.get(pair.integer());
    long lowered = position - (end - start);
    if (lowered < CallValues.min(integer)) {
      return true; // Out of the call's range; a smaller chunk may still fit.
    }
    List<FuzzedDataCall> changed = new ArrayList<>(current);
    changed.set(
        pair.integer(), integer.withValue(CallValues.boxIntegral(pair.integerMethod(), lowered)));
    FuzzedDataCall sequence = current.get(pair.sequence());
    changed.set(
        pair.sequence(), sequence.withValue(CallValues.delete(sequence.value(), start, end)));
    accepted.test(changed);
    return true;
  }

  /**
   * The integer's current value if the calls still have the pair's shape and it points into the
   * sequence, else 0.
   */
  private long position(Pair pair) {
    List<FuzzedDataCall> current = calls.get();
    if (!CallValues.hasCallsAt(
        current, pair.integer(), pair.integerMethod(), pair.sequence(), pair.sequenceMethod())) {
      return 0;
    }
    long position = CallValues.integral(current.get(pair.integer()).value());
    return position <= CallValues.length(current.get(pair.sequence()).value()) ? position : 0;
  }
}
