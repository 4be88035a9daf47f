package dev.whittle.engine.schedule;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkState;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.Pass;
import dev.whittle.engine.loop.OracleLoop;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntToLongFunction;
import org.apiguardian.api.API;

/**
 * Gives passes ("passes") turns by yield, so that heuristic passes pay for themselves.
 *
 * <p>Contract, per round ({@link #runRound}):
 *
 * <ul>
 *   <li>a pass that does not {@linkplain Pass#appliesTo apply} to the best content gets no turn;
 *   <li>passes run in order of yield (items removed plus contents simplified, per run, over all
 *       their turns so far); passes not yet run come first, in their configured order;
 *   <li>a pass whose last turn gained nothing is skipped until the content has halved since;
 *   <li>a {@link DeletionPass} that finished its last turn (was not cut off) is skipped while the
 *       content is what that turn left with bytes deleted since: it would ask its refuted deletions
 *       again on less;
 *   <li>a pass cut off without a gain is not refuted: {@link #retryCutOffPasses} gives it twice its
 *       last allowance, when the {@link SchedulingPolicy} judges the retry affordable;
 *   <li>each pass asks through an {@link AllowanceTester}: after {@code allowance} runs in a row
 *       that found nothing it is cut off; each interesting answer renews it, so a pass never loses
 *       a reduction it finds within that many questions of its last one. The allowance MAY depend
 *       on the size of the content the pass starts from;
 *   <li>the calls that bought nothing (those after a pass's last interesting answer, all of a turn
 *       without one) count against a waste limit of the round: once it is spent the remaining
 *       passes wait, and no turn may waste more than what is left of it.
 * </ul>
 *
 * A scheduler made with a {@link SchedulingPolicy} takes its allowances and waste limits from it
 * ({@link #runRound(OracleLoop)}, {@link #retryCutOffPasses(OracleLoop)}); the other rounds take
 * them as arguments. Passes only generate candidates; the budget is the scheduler's, and a cut-off
 * pass leaves the loop's best result as it stood (the loop keeps every smaller interesting
 * candidate).
 */
@API(status = INTERNAL, since = "0.1")
public final class PassScheduler<C> {
  private final List<Pass<C>> passes;
  private final SchedulingPolicy policy;
  private final List<PassRecord> records = new ArrayList<>();
  private int roundPasses = 1; // how many passes applied at the start of the last policy round
  private long cutOffs;
  private long wastedCalls;
  private long wastedTail;
  private long wastedRetryCalls;

  /** A scheduler whose rounds take their allowances and waste limits as arguments. */
  public PassScheduler(List<Pass<C>> passes) {
    this(passes, null);
  }

  /** A scheduler whose rounds follow {@code policy}. */
  public PassScheduler(List<Pass<C>> passes, SchedulingPolicy policy) {
    this.passes = List.copyOf(passes);
    this.policy = policy;
    for (int i = 0; i < passes.size(); i++) {
      records.add(new PassRecord(i));
    }
  }

  /** Notes a turn of the algorithm that cost {@code spent} runs, for the policy. */
  public void sequenceSpent(long spent) {
    policy().sequenceSpent(spent);
  }

  /**
   * One turn for each pass that deserves one, with the allowance the policy gives each and within
   * what is left of the policy's waste limit; whether any of them changed the best result.
   */
  public boolean runRound(OracleLoop<C> loop) {
    SchedulingPolicy policy = policy();
    roundPasses = applicable(loop.bestContent());
    return runRound(
        loop, policy.allowance(roundPasses), policy.totalWaste(roundPasses) - wastedTail);
  }

  /**
   * {@link #retryCutOffPasses(OracleLoop, long, long)} with the policy's allowance on the best
   * result, within what is left of both the policy's waste limit and its retry limit.
   */
  public boolean retryCutOffPasses(OracleLoop<C> loop) {
    SchedulingPolicy policy = policy();
    roundPasses = applicable(loop.bestContent());
    long wasteLimit = policy.totalWaste(roundPasses) - wastedTail;
    return retryCutOffPasses(
        loop,
        policy.allowance(roundPasses).applyAsLong(loop.bestSize()),
        Math.min(wasteLimit, policy.retryLimit() - wastedRetryCalls));
  }

  /**
   * Whether the policy affords a retry of the passes cut off without a gain: there are some, and
   * neither the retries' share nor the whole waste limit (for the passes that applied at the start
   * of the last round) is spent.
   */
  public boolean retryAffordable() {
    return hasCutOffPasses()
        && wastedRetryCalls < policy().retryLimit()
        && wastedTail < policy().totalWaste(roundPasses);
  }

  private SchedulingPolicy policy() {
    checkState(policy != null, "this scheduler was made without a scheduling policy");
    return policy;
  }

  /**
   * One turn for each pass that deserves one, best yield first, each on the best result so far with
   * {@code allowance} unproductive runs; whether any of them changed the best result.
   */
  public boolean runRound(OracleLoop<C> loop, long allowance) {
    return runRound(loop, size -> allowance, Long.MAX_VALUE, false);
  }

  /**
   * One turn for each pass that deserves one, best yield first, each on the best result so far with
   * {@code allowance.applyAsLong(size of the best result)} unproductive runs, all of them together
   * wasting at most {@code wasteLimit} calls (see {@link #wastedTail()}); whether any of them
   * changed the best result.
   */
  public boolean runRound(OracleLoop<C> loop, IntToLongFunction allowance, long wasteLimit) {
    return runRound(loop, allowance, wasteLimit, false);
  }

  /**
   * A turn for each pass cut off at its allowance in its last turn without gaining anything, with
   * its allowance doubled for every such cut-off so far, all of them together wasting at most
   * {@code wasteLimit} calls; whether any of them changed the best result. For rounds that changed
   * nothing: each retry at most doubles what a pass has cost.
   */
  public boolean retryCutOffPasses(OracleLoop<C> loop, long allowance, long wasteLimit) {
    return runRound(loop, size -> allowance, wasteLimit, true);
  }

  private boolean runRound(
      OracleLoop<C> loop, IntToLongFunction allowance, long wasteLimit, boolean retry) {
    List<PassRecord> order = new ArrayList<>(records);
    order.sort(
        Comparator.comparingDouble(PassRecord::yield)
            .reversed()
            .thenComparingInt(record -> record.order));
    long roundWaste = 0;
    boolean changed = false;
    for (PassRecord record : order) {
      long left = wasteLimit - roundWaste;
      if (left <= 0) {
        break;
      }
      loop.rebaseToBest();
      int sizeBefore = loop.bestSize();
      C before = loop.bestContent();
      if (!record.deservesTurn(sizeBefore, retry) || !passes.get(record.order).appliesTo(before)) {
        continue;
      }
      if (!retry && record.deletedAllFrom(before)) {
        continue;
      }
      long full = allowance.applyAsLong(sizeBefore) * record.allowanceFactor;
      AllowanceTester<C> tester = new AllowanceTester<>(loop, Math.min(left, full));
      boolean cutOff = false;
      Pass<C> pass = passes.get(record.order);
      record.finished = null;
      try {
        C rewritten = pass.reduce(before, tester);
        if (rewritten != before) {
          loop.adopt(rewritten);
        }
        if (pass instanceof DeletionPass deletion
            && deletion.lastTurnOnlyDeleted()
            && rewritten instanceof byte[] bytes) {
          record.finished = bytes;
        }
      } catch (AllowanceSpent spent) {
        cutOffs++;
        cutOff = true;
      }
      loop.rebaseToBest();
      // Also a change: a smaller candidate the pass asked about but did not return.
      boolean passChanged = loop.bestContent() != before;
      long gain = Math.max(0, sizeBefore - loop.bestSize()) + (passChanged ? 1 : 0);
      record.record(tester.calls(), gain, sizeBefore, cutOff);
      if (gain == 0) {
        wastedCalls += tester.calls();
      }
      if (retry) {
        wastedRetryCalls += tester.failedCalls();
      }
      roundWaste += tester.failedCalls();
      wastedTail += tester.failedCalls();
      changed |= passChanged;
    }
    return changed;
  }

  /**
   * How many questions a chunk check of the best result, settled at {@code size} items, may ask
   * now: what the policy leaves for chunk checks, and beyond the policy's floor no more than is
   * left of its waste limit (for the passes that applied at the start of the last round), so that
   * where nothing can go the check costs little more than the passes may.
   */
  public long chunkCheckLeft(int size) {
    long wasteLeft = Math.max(0, policy().totalWaste(roundPasses) - wastedTail);
    return Math.min(policy().chunkCheckLeft(size), Math.max(policy().chunkCheckFloor(), wasteLeft));
  }

  /** Notes a chunk check that cost {@code calls} runs and cut nothing: they were wasted. */
  public void chunkCheckWasted(long calls) {
    checkArgument(calls >= 0, "calls must not be negative, was %s", calls);
    policy().chunkCheckWasted(calls);
    wastedCalls += calls;
    wastedTail += calls;
  }

  /** Whether a pass was cut off at its allowance in its last turn without a gain: a retry's. */
  public boolean hasCutOffPasses() {
    for (PassRecord record : records) {
      if (record.cutOff && record.lastGain == 0) {
        return true;
      }
    }
    return false;
  }

  /** Runs of turns that gained nothing, over all rounds. */
  public long wastedCalls() {
    return wastedCalls;
  }

  /** The part of {@link #wastedTail()} spent in retries ({@link #retryCutOffPasses}). */
  public long wastedRetryCalls() {
    return wastedRetryCalls;
  }

  /**
   * Runs that bought nothing, over all rounds: in each turn, the calls after the pass's last
   * interesting answer (all of them in a turn without one). What the waste limits count.
   */
  public long wastedTail() {
    return wastedTail;
  }

  /** How many turns were cut off at their allowance so far. */
  public long cutOffs() {
    return cutOffs;
  }

  /** How many passes {@linkplain Pass#appliesTo apply} to {@code content}; at least 1. */
  public int applicable(C content) {
    int count = 0;
    for (Pass<C> pass : passes) {
      if (pass.appliesTo(content)) {
        count++;
      }
    }
    return Math.max(1, count);
  }

  /** Each pass's name with its calls and gain so far, for diagnostics and tests. */
  public String summary() {
    StringBuilder out = new StringBuilder();
    for (PassRecord record : records) {
      out.append(passes.get(record.order).name())
          .append(": ")
          .append(record.calls)
          .append(" calls, gain ")
          .append(record.gain)
          .append('\n');
    }
    return out.toString();
  }
}
