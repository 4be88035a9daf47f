package dev.whittle.engine.algorithms.ddmin;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static com.google.common.base.Preconditions.checkState;

import dev.whittle.engine.sequence.CandidateTester;
import dev.whittle.engine.sequence.SequenceAlgorithm;
import dev.whittle.engine.sequence.Subsequence;
import java.util.ArrayList;
import java.util.List;

/**
 * Complement-based delta debugging as the Fuzzing Book gives it after Zeller and Hildebrandt: split
 * the candidate into {@code n} chunks (first 2), try removing each chunk in turn, keep the first
 * complement that is interesting and go on with {@code n - 1} chunks (at least 2); when no
 * complement is interesting, double {@code n} up to the candidate's length. When {@code n} equals
 * the length and still no complement is interesting, every single-item deletion of the result has
 * just been asked, so the result is 1-minimal.
 *
 * <p>Zeller's loop stops at length below 2. A result of one item would then never have been asked
 * without that item, so this reducer also asks the empty candidate: its result is 1-minimal for
 * every input, the empty one included (which has no single deletions at all).
 */
final class Ddmin implements SequenceAlgorithm {
  private static final int INITIAL_GRANULARITY = 2;

  private final int maxGranularity;

  /** Plain ddmin, down to single items. */
  Ddmin() {
    this(Integer.MAX_VALUE);
  }

  /**
   * ddmin's coarse steps: it asks what plain ddmin asks until it would split the candidate into
   * more than {@code maxGranularity} chunks, and there stops with a result that need not be
   * 1-minimal.
   */
  Ddmin(int maxGranularity) {
    checkArgument(
        maxGranularity >= INITIAL_GRANULARITY,
        "maxGranularity must be at least %s, was %s",
        INITIAL_GRANULARITY,
        maxGranularity);
    this.maxGranularity = maxGranularity;
  }

  @Override
  public Subsequence reduce(Subsequence start, CandidateTester tester) {
    checkNotNull(start, "start");
    checkNotNull(tester, "tester");
    Subsequence current = start;
    int granularity = INITIAL_GRANULARITY;
    while (current.size() >= 2) {
      Subsequence complement = firstInterestingComplement(current, granularity, tester);
      if (complement != null) {
        current = complement;
        // The chunks just got larger relative to the rest; one fewer keeps their size about equal.
        granularity = Math.min(Math.max(granularity - 1, INITIAL_GRANULARITY), current.size());
      } else if (granularity == current.size() || finer(granularity, current) > maxGranularity) {
        return current;
      } else {
        granularity = finer(granularity, current);
      }
    }
    return withoutLastItemIfPossible(current, tester);
  }

  /**
   * The granularity after {@code granularity} found nothing: twice as many chunks, at most one an
   * item.
   */
  private static int finer(int granularity, Subsequence current) {
    return (int) Math.min(2L * granularity, current.size());
  }

  /**
   * The first of the {@code granularity} complements of {@code current} that is interesting, or
   * null. Chunk {@code k} spans positions {@code floor(k * size / n)} up to {@code floor((k + 1) *
   * size / n)}: the Fuzzing Book's float chunk boundaries, computed exactly.
   */
  private static Subsequence firstInterestingComplement(
      Subsequence current, int granularity, CandidateTester tester) {
    int size = current.size();
    // More chunks than items would make an empty chunk, whose complement is the candidate itself.
    checkState(
        granularity >= 2 && granularity <= size,
        "granularity %s out of range for %s items",
        granularity,
        size);
    // One complement at a time, or as many as a parallel tester answers at once.
    int batch = tester.parallelism();
    for (int chunk = 0; chunk < granularity; chunk += batch) {
      List<Subsequence> complements = new ArrayList<>(batch);
      for (int k = chunk; k < Math.min(chunk + batch, granularity); k++) {
        complements.add(
            current.without(boundary(k, size, granularity), boundary(k + 1, size, granularity)));
      }
      int first = tester.firstInteresting(complements);
      if (first >= 0) {
        return complements.get(first);
      }
    }
    return null;
  }

  private static int boundary(int chunk, int size, int granularity) {
    return (int) ((long) chunk * size / granularity);
  }

  /** For a result of one item, asks its only single deletion, the empty candidate. */
  private static Subsequence withoutLastItemIfPossible(
      Subsequence current, CandidateTester tester) {
    if (current.size() == 1) {
      Subsequence empty = current.without(0, 1);
      if (tester.isInteresting(empty)) {
        return empty;
      }
    }
    return current;
  }
}
