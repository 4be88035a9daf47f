package dev.whittle.engine;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.ContentTester;
import dev.whittle.api.Oracle;
import dev.whittle.api.OriginalNotInterestingException;
import dev.whittle.api.Outcome;
import dev.whittle.api.Reduction;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.StopReason;
import dev.whittle.api.ValueReducer;
import dev.whittle.api.spi.ReductionEngine;
import dev.whittle.engine.loop.OracleLoop;
import dev.whittle.engine.sequence.SequenceReducer;
import dev.whittle.engine.sequence.StopReduction;
import dev.whittle.engine.sequence.Subsequence;
import java.util.List;
import org.apiguardian.api.API;

/** Runs a configured reduction: checks the original, runs the reducers, reports. */
@API(status = INTERNAL)
public final class DefaultReductionEngine implements ReductionEngine {
  /**
   * Rounds of sequence reduction followed by value reduction at most: each round that changes
   * something makes the input smaller or simpler, but a value reducer MAY keep rewriting content of
   * the same size, and this ends that.
   */
  static final int MAX_ROUNDS = 16;

  @Override
  public <C> ReductionResult<C> run(Reduction<C> reduction, Oracle<? super C> oracle) {
    SequenceReducer reducer = ReducerRegistry.create(reduction.algorithm());
    try (OracleLoop<C> loop =
        new OracleLoop<>(
            reduction.input(),
            oracle,
            reduction.budget(),
            reduction.progressListeners(),
            reduction.improvementListeners(),
            reduction.jobs())) {
      return run(reduction, reducer, loop);
    }
  }

  private static <C> ReductionResult<C> run(
      Reduction<C> reduction, SequenceReducer reducer, OracleLoop<C> loop) {
    StopReason stopReason = StopReason.COMPLETED;
    try {
      Outcome original = loop.askOriginal();
      if (!original.isInteresting()) {
        throw new OriginalNotInterestingException(original);
      }
      reduceInRounds(reduction, reducer, loop);
    } catch (StopReduction stop) {
      if (!loop.hasBest()) {
        throw new IllegalStateException("the budget allows not even the check of the original");
      }
      stopReason = stop.reason();
    }
    // Before the clock is read: the reported time covers the whole reduction.
    boolean oneMinimal = loop.isBestVerifiedOneMinimal();
    return new ReductionResult<>(
        loop.bestContent(),
        reduction.algorithm().name(),
        reduction.input().size(),
        loop.bestSize(),
        loop.oracleCalls(),
        loop.cacheHits(),
        loop.unresolved(),
        loop.elapsed(),
        oneMinimal,
        stopReason,
        loop.trajectory());
  }

  /**
   * The sequence reducer, then each value reducer on the best result so far, then the sequence
   * reducer again on theirs, until a round's value reducers change nothing; with value reducers
   * first, they take the first turn and the sequence reducer always gets at least one.
   */
  private static <C> void reduceInRounds(
      Reduction<C> reduction, SequenceReducer reducer, OracleLoop<C> loop) {
    boolean valuesFirst = reduction.valueReducersFirst() && !reduction.valueReducers().isEmpty();
    if (!valuesFirst) {
      loop.adopt(reducer.reduce(Subsequence.full(loop.inputSize()), loop));
    }
    for (int round = 1; round <= MAX_ROUNDS && !reduction.valueReducers().isEmpty(); round++) {
      boolean changed = runValueReducers(reduction, loop);
      if (!changed && (round > 1 || !valuesFirst)) {
        return; // the sequence reducer already had its turn on this content
      }
      loop.adopt(reducer.reduce(Subsequence.full(loop.inputSize()), loop));
      if (!changed) {
        return;
      }
    }
  }

  /** Each value reducer once, on the best result so far; whether any of them changed it. */
  private static <C> boolean runValueReducers(Reduction<C> reduction, OracleLoop<C> loop) {
    loop.rebaseToBest();
    boolean changed = false;
    for (ValueReducer<C> valueReducer : reduction.valueReducers()) {
      C before = loop.bestContent();
      C rewritten = valueReducer.reduce(before, new LoopContentTester<>(loop));
      if (rewritten != before) {
        loop.adopt(rewritten);
      }
      loop.rebaseToBest();
      // Also a change: a smaller candidate the value reducer asked about but did not return.
      changed |= loop.bestContent() != before;
    }
    return changed;
  }

  /** What value reducers see of the loop. */
  private record LoopContentTester<C>(OracleLoop<C> loop) implements ContentTester<C> {
    @Override
    public boolean isInteresting(C candidate) {
      return loop.isInterestingContent(candidate);
    }

    @Override
    public int parallelism() {
      return loop.parallelism();
    }

    @Override
    public boolean[] areInteresting(List<C> candidates) {
      return loop.areInterestingContents(candidates);
    }
  }
}
