package dev.whittle.engine;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import com.google.common.base.Ticker;
import dev.whittle.api.Oracle;
import dev.whittle.api.OriginalNotInterestingException;
import dev.whittle.api.Outcome;
import dev.whittle.api.Reduction;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.StopReason;
import dev.whittle.api.spi.ReductionEngine;
import dev.whittle.engine.algorithms.ddmin.DeltaDebugging;
import dev.whittle.engine.loop.OracleLoop;
import dev.whittle.engine.schedule.PassScheduler;
import dev.whittle.engine.schedule.SchedulingPolicy;
import dev.whittle.engine.sequence.ChunkCheck;
import dev.whittle.engine.sequence.SequenceAlgorithm;
import dev.whittle.engine.sequence.StopReduction;
import dev.whittle.engine.sequence.Subsequence;
import dev.whittle.engine.sequence.WindowStart;
import org.apiguardian.api.API;

/** Runs a configured reduction: checks the original, runs the reducers, reports. */
@API(status = INTERNAL, since = "0.1")
public final class DefaultReductionEngine implements ReductionEngine {
  /**
   * Rounds of sequence reduction followed by value reduction at most: each round that changes
   * something makes the input smaller or simpler, but a pass MAY keep rewriting content of the same
   * size, and this ends that.
   */
  static final int MAX_ROUNDS = 16;

  /**
   * The most chunks the coarse start splits the input into: it takes plain ddmin's steps at the
   * halves and the quarters (with the thirds ddmin goes through after a quarter went), at most six
   * questions where nothing goes.
   */
  static final int COARSE_START_GRANULARITY = 4;

  /**
   * The smallest input the coarse start asks about: as for the chunk check, few items, few ways.
   */
  static final int COARSE_START_MIN_SIZE = SchedulingPolicy.MIN_CHECKED_SIZE;

  private final Ticker ticker;

  /** The engine {@link Reduction#run} finds: its reductions' time is the system's. */
  public DefaultReductionEngine() {
    this(Ticker.systemTicker());
  }

  /** An engine whose reductions read their elapsed time and deadline from {@code ticker}. */
  DefaultReductionEngine(Ticker ticker) {
    this.ticker = checkNotNull(ticker, "ticker");
  }

  @Override
  public <C> ReductionResult<C> run(Reduction<C> reduction, Oracle<? super C> oracle) {
    SequenceAlgorithm algorithm = AlgorithmRegistry.create(reduction.algorithm());
    try (OracleLoop<C> loop =
        new OracleLoop<>(
            reduction.input(),
            oracle,
            reduction.budget(),
            reduction.progressListeners(),
            reduction.improvementListeners(),
            reduction.jobs(),
            ticker)) {
      return run(reduction, algorithm, loop);
    }
  }

  private static <C> ReductionResult<C> run(
      Reduction<C> reduction, SequenceAlgorithm algorithm, OracleLoop<C> loop) {
    StopReason stopReason = StopReason.COMPLETED;
    try {
      Outcome original = loop.askOriginal();
      if (!original.isInteresting()) {
        throw new OriginalNotInterestingException(original);
      }
      reduceInRounds(reduction, algorithm, loop);
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
        loop.runs(),
        loop.cacheHits(),
        loop.unresolved(),
        loop.elapsed(),
        oneMinimal,
        stopReason,
        loop.trajectory());
  }

  /**
   * The algorithm, then the passes on the best result so far, then the algorithm again on theirs,
   * until a round's passes change nothing; with passes first, they take the first turn and the
   * algorithm always gets at least one. The value reducers run under a {@link PassScheduler} whose
   * {@link SchedulingPolicy} sets what they may ask; when a round changed nothing, the passes it
   * cut off get a retry the policy affords, and once none is left and the reduction asks for it
   * ({@link Reduction#withChunkCheck}), a {@link ChunkCheck} within the policy's share may cut a
   * chunk of several items off the settled result, after which the rounds go on. Without passes the
   * algorithm runs alone, as published: plain entropy asks what the paper's does. A reduction with
   * the chunk check also starts with plain ddmin's coarse steps ({@link #coarseStart}), before any
   * pass.
   */
  private static <C> void reduceInRounds(
      Reduction<C> reduction, SequenceAlgorithm algorithm, OracleLoop<C> loop) {
    if (reduction.passes().isEmpty()) {
      if (reduction.windowStart()) {
        windowStart(loop);
      }
      // With several jobs a batch can hold a smaller interesting answer than the one the search
      // took; the loop then stands on it, and the algorithm goes on from there. The loop's best
      // only
      // shrinks from one turn to the next, so this ends.
      while (loop.adopt(algorithm.reduce(Subsequence.full(loop.inputSize()), loop))) {
        loop.rebaseToBest();
      }
      return;
    }
    PassScheduler<C> scheduler =
        new PassScheduler<>(
            reduction.passes(),
            new SchedulingPolicy(reduction.input().size(), reduction.passAllowance()));
    if (reduction.coarseStart()) {
      coarseStart(loop);
    }
    // After ddmin's coarse steps, so that where the input holds two ways to the failure the window
    // is taken of the one ddmin keeps: a prefix cut inside a chain can close another way.
    if (reduction.windowStart()) {
      windowStart(loop);
    }
    boolean sequenceCurrent = false; // whether it had its turn on the best content
    if (!reduction.passesFirst()) {
      scheduler.sequenceSpent(sequenceTurn(algorithm, loop));
      sequenceCurrent = true;
    }
    boolean retry = false;
    for (int round = 1; round <= MAX_ROUNDS; round++) {
      boolean changed = retry ? scheduler.retryCutOffPasses(loop) : scheduler.runRound(loop);
      retry = false;
      if (changed || !sequenceCurrent) {
        int sizeBefore = loop.bestSize();
        scheduler.sequenceSpent(sequenceTurn(algorithm, loop));
        sequenceCurrent = true;
        if (changed || loop.bestSize() < sizeBefore) {
          continue;
        }
      }
      if (scheduler.retryAffordable()) {
        retry = true;
      } else if (reduction.chunkCheck() && chunkCut(loop, scheduler)) {
        sequenceCurrent = false;
      } else {
        return;
      }
    }
  }

  /**
   * Plain ddmin's first steps, before any pass: where the input holds two ways to the failure, its
   * coarse chunks take one of them off whole, and the passes and the entropy search then go on from
   * ddmin's way. Deleting item by item from the front (or a pass's blocks and zero runs) takes the
   * first way apart while the other still holds the failure and settles on the other, which can be
   * longer, and whose 1-minimal result ddmin's is no subsequence of: no chunk check of the settled
   * result leads back, so the coarse start keeps the result never larger than plain ddmin's.
   */
  private static <C> void coarseStart(OracleLoop<C> loop) {
    if (loop.inputSize() < COARSE_START_MIN_SIZE) {
      return;
    }
    loop.adopt(
        DeltaDebugging.coarseDdmin(COARSE_START_GRANULARITY)
            .reduce(Subsequence.full(loop.inputSize()), loop));
    // What reducers propose from now on refers to ddmin's result.
    loop.rebaseToBest();
  }

  /** The shortest interesting window bisection finds ({@link WindowStart}), before any step. */
  private static <C> void windowStart(OracleLoop<C> loop) {
    loop.adopt(WindowStart.narrow(Subsequence.full(loop.inputSize()), loop));
    // What reducers propose from now on refers to the window.
    loop.rebaseToBest();
  }

  /**
   * Whether a {@link ChunkCheck} of the settled result, within what the scheduler's policy has left
   * for it, cut a chunk off: the way out of a 1-minimal result that plain ddmin beats, after which
   * every pass and the algorithm get another turn on what is left.
   */
  private static <C> boolean chunkCut(OracleLoop<C> loop, PassScheduler<C> scheduler) {
    long limit = scheduler.chunkCheckLeft(loop.bestSize());
    if (limit == 0) {
      return false;
    }
    long callsBefore = loop.runs();
    loop.rebaseToBest();
    int sizeBefore = loop.bestSize();
    loop.adopt(ChunkCheck.firstCut(loop.best(), loop, limit));
    // What reducers propose from now on refers to the cut result.
    loop.rebaseToBest();
    if (loop.bestSize() < sizeBefore) {
      return true;
    }
    scheduler.chunkCheckWasted(loop.runs() - callsBefore);
    return false;
  }

  /** One turn of the algorithm on the best result so far; the runs it cost. */
  private static <C> long sequenceTurn(SequenceAlgorithm algorithm, OracleLoop<C> loop) {
    long before = loop.runs();
    loop.adopt(algorithm.reduce(Subsequence.full(loop.inputSize()), loop));
    return loop.runs() - before;
  }
}
