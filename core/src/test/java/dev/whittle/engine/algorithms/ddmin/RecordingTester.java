package dev.whittle.engine.algorithms.ddmin;

import dev.whittle.api.StopReason;
import dev.whittle.engine.sequence.CandidateTester;
import dev.whittle.engine.sequence.StopReduction;
import dev.whittle.engine.sequence.Subsequence;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

/**
 * A tester over kept original indices that remembers every question, without a cache, and can stop
 * the reduction after a number of questions the way the oracle loop does.
 */
final class RecordingTester implements CandidateTester {
  private final Predicate<int[]> interesting;
  private final int stopAfter;
  private final List<Subsequence> asked = new ArrayList<>();

  private RecordingTester(Predicate<int[]> interesting, int stopAfter) {
    this.interesting = interesting;
    this.stopAfter = stopAfter;
  }

  static RecordingTester of(Predicate<int[]> interesting) {
    return new RecordingTester(interesting, Integer.MAX_VALUE);
  }

  /** Interesting iff every one of {@code needed} original indices is kept. */
  static RecordingTester keeping(int... needed) {
    return of(kept -> Arrays.stream(needed).allMatch(i -> Arrays.binarySearch(kept, i) >= 0));
  }

  RecordingTester stoppingAfter(int questions) {
    return new RecordingTester(interesting, questions);
  }

  @Override
  public boolean isInteresting(Subsequence candidate) {
    if (asked.size() >= stopAfter) {
      throw new StopReduction(StopReason.MAX_RUNS);
    }
    asked.add(candidate);
    return interesting.test(candidate.toIndices());
  }

  List<Subsequence> asked() {
    return asked;
  }

  /** Whether every single-item deletion of {@code result} was asked. */
  boolean askedEverySingleDeletionOf(Subsequence result) {
    for (int p = 0; p < result.size(); p++) {
      if (!asked.contains(result.without(p, p + 1))) {
        return false;
      }
    }
    return true;
  }
}
