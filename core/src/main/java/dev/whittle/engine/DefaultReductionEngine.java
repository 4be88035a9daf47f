package dev.whittle.engine;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.Oracle;
import dev.whittle.api.OriginalNotInterestingException;
import dev.whittle.api.Outcome;
import dev.whittle.api.Reduction;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.StopReason;
import dev.whittle.api.spi.ReductionEngine;
import dev.whittle.engine.loop.OracleLoop;
import dev.whittle.engine.schedule.PassScheduler;
import dev.whittle.engine.sequence.SequenceReducer;
import dev.whittle.engine.sequence.StopReduction;
import dev.whittle.engine.sequence.Subsequence;
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
   * The sequence reducer, then the value reducers on the best result so far, then the sequence
   * reducer again on theirs, until a round's value reducers change nothing; with value reducers
   * first, they take the first turn and the sequence reducer always gets at least one.
   *
   * <p>The value reducers run under a {@link PassScheduler}: a pass that finds nothing is cut off
   * after {@link #passAllowance} oracle calls, so that on inputs where nothing structured is needed
   * the whole reduction costs little more than the sequence reducer alone.
   */
  private static <C> void reduceInRounds(
      Reduction<C> reduction, SequenceReducer reducer, OracleLoop<C> loop) {
    if (reduction.valueReducers().isEmpty()) {
      loop.adopt(reducer.reduce(Subsequence.full(loop.inputSize()), loop));
      return;
    }
    PassScheduler<C> scheduler = new PassScheduler<>(reduction.valueReducers());
    int passes = reduction.valueReducers().size();
    boolean valuesFirst = reduction.valueReducersFirst();
    // Before the sequence reducer's first turn, what it would spend is estimated by what
    // certifying the input 1-minimal costs: one question per item.
    long estimate = loop.inputSize();
    long sequenceTotal = 0;
    boolean sequenceCurrent = false; // whether it had its turn on the best content
    if (!valuesFirst) {
      estimate = sequenceTurn(reducer, loop);
      sequenceTotal = estimate;
      sequenceCurrent = true;
    }
    boolean retry = false;
    for (int round = 1; round <= MAX_ROUNDS; round++) {
      long allowance = Math.max(reduction.passAllowance(), passAllowance(estimate, passes));
      boolean changed =
          retry
              ? scheduler.retryCutOffPasses(loop, allowance)
              : scheduler.runRound(loop, allowance);
      retry = false;
      if (changed || !sequenceCurrent) {
        int sizeBefore = loop.bestSize();
        long spent = sequenceTurn(reducer, loop);
        sequenceTotal += spent;
        if (spent > 0) {
          estimate = spent;
        }
        sequenceCurrent = true;
        if (changed || loop.bestSize() < sizeBefore) {
          continue;
        }
      }
      // Nothing changed: passes cut off at their allowance without a gain get a retry with twice
      // as much, as long as what passes spent finding nothing stays within a share of what the
      // sequence reducer spent: the price of not missing a find just past an allowance.
      if (!scheduler.hasCutOffPasses() || scheduler.wastedCalls() > RETRY_SHARE * sequenceTotal) {
        return;
      }
      retry = true;
    }
  }

  /** Share of what the sequence reducer spent that retries of cut-off passes may cost. */
  static final double RETRY_SHARE = 0.2;

  /** Share of the sequence reducer's spend that passes finding nothing may cost, in total. */
  static final double PASS_SHARE = 0.3;

  /** The least allowance of a pass: enough to try a few candidates of every kind it has. */
  static final long MIN_ALLOWANCE = 16;

  /**
   * How many oracle calls in a row a pass may ask that find nothing: together, passes that find
   * nothing cost at most {@link #PASS_SHARE} of what the sequence reducer spent in its last turn.
   */
  static long passAllowance(long sequenceSpend, int passes) {
    return Math.max(MIN_ALLOWANCE, (long) (PASS_SHARE * sequenceSpend / passes));
  }

  /** One turn of the sequence reducer on the best result so far; the oracle calls it cost. */
  private static <C> long sequenceTurn(SequenceReducer reducer, OracleLoop<C> loop) {
    long before = loop.oracleCalls();
    loop.adopt(reducer.reduce(Subsequence.full(loop.inputSize()), loop));
    return loop.oracleCalls() - before;
  }
}
