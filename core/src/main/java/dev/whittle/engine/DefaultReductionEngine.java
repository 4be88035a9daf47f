package dev.whittle.engine;

import dev.whittle.api.Oracle;
import dev.whittle.api.OriginalNotInterestingException;
import dev.whittle.api.Outcome;
import dev.whittle.api.Reduction;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.StopReason;
import dev.whittle.api.spi.ReductionEngine;
import dev.whittle.engine.loop.OracleLoop;
import dev.whittle.engine.sequence.SequenceReducer;
import dev.whittle.engine.sequence.StopReduction;
import dev.whittle.engine.sequence.Subsequence;

/** Runs a configured reduction: checks the original, runs the reducer, reports. */
public final class DefaultReductionEngine implements ReductionEngine {
  @Override
  public <C> ReductionResult<C> run(Reduction<C> reduction, Oracle<? super C> oracle) {
    SequenceReducer reducer = ReducerRegistry.create(reduction.algorithm());
    OracleLoop<C> loop =
        new OracleLoop<>(
            reduction.input(),
            oracle,
            reduction.budget(),
            reduction.progressListeners(),
            reduction.improvementListeners());
    StopReason stopReason = StopReason.COMPLETED;
    try {
      Outcome original = loop.askOriginal();
      if (!original.isInteresting()) {
        throw new OriginalNotInterestingException(original);
      }
      reducer.reduce(Subsequence.full(reduction.input().size()), loop);
    } catch (StopReduction stop) {
      if (loop.best() == null) {
        throw new IllegalStateException("the budget allows not even the check of the original");
      }
      stopReason = stop.reason();
    }
    Subsequence best = loop.best();
    // Both before the clock is read: the reported time covers the whole reduction.
    boolean oneMinimal = loop.isVerifiedOneMinimal(best);
    C content = loop.contentOf(best);
    return new ReductionResult<>(
        content,
        reduction.algorithm().name(),
        reduction.input().size(),
        best.size(),
        loop.oracleCalls(),
        loop.cacheHits(),
        loop.unresolved(),
        loop.elapsed(),
        oneMinimal,
        stopReason);
  }
}
