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
import java.util.function.IntToLongFunction;
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
   * <p>The value reducers run under a {@link PassScheduler} with two limits, so that on inputs
   * where nothing structured is needed the whole reduction costs little more than the sequence
   * reducer alone:
   *
   * <ul>
   *   <li>each pass is cut off after {@link #passAllowance} oracle calls in a row that found
   *       nothing. The allowance follows what the sequence reducer spent in its last turn; before
   *       its first turn, that is estimated as one question per item of the best content at the
   *       pass's turn (what certifying it 1-minimal costs), so that once a pass has taken off most
   *       of the input the others ask in proportion to what is left;
   *   <li>all passes together, over the whole reduction, waste (ask after their last find) at most
   *       {@link #WASTE_SHARE} of what the sequence reducer spent in all, counted as at least the
   *       original's size, plus {@link #MIN_ALLOWANCE} per pass. On an input nothing of which can
   *       go, that bounds the passes' price to about a tenth of the sequence reducer's.
   * </ul>
   */
  private static <C> void reduceInRounds(
      Reduction<C> reduction, SequenceReducer reducer, OracleLoop<C> loop) {
    if (reduction.valueReducers().isEmpty()) {
      loop.adopt(reducer.reduce(Subsequence.full(loop.inputSize()), loop));
      return;
    }
    PassScheduler<C> scheduler = new PassScheduler<>(reduction.valueReducers());
    int originalSize = reduction.input().size();
    long lastSpend = -1; // the sequence reducer's last turn; -1: it has not had one
    long sequenceTotal = 0;
    boolean sequenceCurrent = false; // whether it had its turn on the best content
    if (!reduction.valueReducersFirst()) {
      lastSpend = sequenceTurn(reducer, loop);
      sequenceTotal = lastSpend;
      sequenceCurrent = true;
    }
    boolean retry = false;
    for (int round = 1; round <= MAX_ROUNDS; round++) {
      // Only the passes that apply to the content share what passes may ask: a TAR pass that asks
      // nothing about a PNG must not thin the others' allowance.
      int passes = scheduler.applicable(loop.bestContent());
      long floor = reduction.passAllowance();
      long wasteLimit =
          totalWaste(originalSize, sequenceTotal, passes, floor) - scheduler.wastedTail();
      long spend = lastSpend;
      IntToLongFunction allowance =
          size -> Math.max(floor, passAllowance(spend < 0 ? size : spend, passes));
      boolean changed =
          retry
              ? scheduler.retryCutOffPasses(
                  loop,
                  allowance.applyAsLong(loop.bestSize()),
                  Math.min(wasteLimit, retryLimit(sequenceTotal) - scheduler.wastedRetryCalls()))
              : scheduler.runRound(loop, allowance, wasteLimit);
      retry = false;
      if (changed || !sequenceCurrent) {
        int sizeBefore = loop.bestSize();
        long spent = sequenceTurn(reducer, loop);
        sequenceTotal += spent;
        if (spent > 0 || lastSpend < 0) {
          lastSpend = spent;
        }
        sequenceCurrent = true;
        if (changed || loop.bestSize() < sizeBefore) {
          continue;
        }
      }
      // Nothing changed: passes cut off at their allowance without a gain get a retry with twice
      // as much, as long as what retries wasted stays within a share of what the sequence reducer
      // spent (and the whole waste within its budget): the price of not missing a find just past
      // an allowance, such as byte-runs' on a 1-minimal result of deletion.
      if (!scheduler.hasCutOffPasses()
          || scheduler.wastedRetryCalls() >= retryLimit(sequenceTotal)
          || scheduler.wastedTail()
              >= totalWaste(originalSize, sequenceTotal, passes, reduction.passAllowance())) {
        return;
      }
      retry = true;
    }
  }

  /** Share of what the sequence reducer spent that retries of cut-off passes may waste. */
  static final double RETRY_SHARE = 0.2;

  /**
   * What all passes together may waste over the whole reduction: the {@link #wasteBudget}, or,
   * where the reduction sets a least allowance per pass, enough for each pass to spend it once.
   */
  static long totalWaste(long originalSize, long sequenceTotal, int passes, long leastAllowance) {
    return Math.max(
        wasteBudget(Math.max(originalSize, sequenceTotal), passes), leastAllowance * passes);
  }

  /** How many calls retries may waste in all, given what the sequence reducer spent in all. */
  static long retryLimit(long sequenceTotal) {
    return (long) (RETRY_SHARE * sequenceTotal);
  }

  /** Share of the sequence reducer's spend that passes finding nothing may cost, in one round. */
  static final double PASS_SHARE = 0.3;

  /**
   * Share of the sequence reducer's spend (at least the original's size) that passes may waste over
   * the whole reduction, on top of {@link #MIN_ALLOWANCE} per pass.
   */
  static final double WASTE_SHARE = 0.1;

  /** The least allowance of a pass: enough to try a few candidates of every kind it has. */
  static final long MIN_ALLOWANCE = 16;

  /**
   * How many oracle calls in a row a pass may ask that find nothing: together, passes that find
   * nothing cost at most {@link #PASS_SHARE} of what the sequence reducer spent in its last turn.
   */
  static long passAllowance(long sequenceSpend, int passes) {
    return Math.max(MIN_ALLOWANCE, (long) (PASS_SHARE * sequenceSpend / passes));
  }

  /**
   * How many oracle calls passes may waste over the whole reduction, given what the sequence
   * reducer spent in all (at least the original's size): {@link #WASTE_SHARE} of it and {@link
   * #MIN_ALLOWANCE} per pass, so that every pass can try a few candidates on a small input.
   */
  static long wasteBudget(long sequenceSpend, int passes) {
    return (long) (WASTE_SHARE * sequenceSpend) + MIN_ALLOWANCE * passes;
  }

  /** One turn of the sequence reducer on the best result so far; the oracle calls it cost. */
  private static <C> long sequenceTurn(SequenceReducer reducer, OracleLoop<C> loop) {
    long before = loop.oracleCalls();
    loop.adopt(reducer.reduce(Subsequence.full(loop.inputSize()), loop));
    return loop.oracleCalls() - before;
  }
}
