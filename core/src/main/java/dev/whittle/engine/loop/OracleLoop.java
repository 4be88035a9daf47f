package dev.whittle.engine.loop;

import static com.google.common.base.Preconditions.checkNotNull;

import com.google.common.base.Stopwatch;
import dev.whittle.api.Budget;
import dev.whittle.api.ImprovementListener;
import dev.whittle.api.Oracle;
import dev.whittle.api.Outcome;
import dev.whittle.api.Progress;
import dev.whittle.api.ProgressListener;
import dev.whittle.api.ReductionException;
import dev.whittle.api.SequenceInput;
import dev.whittle.api.StopReason;
import dev.whittle.engine.sequence.CandidateTester;
import dev.whittle.engine.sequence.StopReduction;
import dev.whittle.engine.sequence.Subsequence;
import java.time.Duration;
import java.util.List;

/**
 * The one loop that owns the oracle for a reduction: it answers reducers' questions from the cache
 * or by calling the oracle, counts, enforces the budget, notices interruption, keeps the best
 * candidate so far and tells listeners. Not thread-safe: one reduction, one thread.
 */
public final class OracleLoop<C> implements CandidateTester {
  private final SequenceInput<C> input;
  private final Oracle<? super C> oracle;
  private final Budget budget;
  private final List<ProgressListener> progressListeners;
  private final List<? extends ImprovementListener<? super C>> improvementListeners;
  private final ContentKeys keys;
  private final ResultCache cache = new ResultCache();
  private final Stopwatch stopwatch;
  private final long deadlineNanos;

  private long oracleCalls;
  private long cacheHits;
  private long unresolved;
  private Subsequence best;

  public OracleLoop(
      SequenceInput<C> input,
      Oracle<? super C> oracle,
      Budget budget,
      List<ProgressListener> progressListeners,
      List<? extends ImprovementListener<? super C>> improvementListeners) {
    this.input = checkNotNull(input, "input");
    this.oracle = checkNotNull(oracle, "oracle");
    this.budget = checkNotNull(budget, "budget");
    this.progressListeners = List.copyOf(progressListeners);
    this.improvementListeners = List.copyOf(improvementListeners);
    this.stopwatch = Stopwatch.createStarted();
    this.keys = new ContentKeys(input);
    this.deadlineNanos = budget.deadline().map(Duration::toNanos).orElse(Long.MAX_VALUE);
  }

  /**
   * Asks about the original input; it becomes the best candidate if interesting.
   *
   * @return the oracle's answer
   */
  public Outcome askOriginal() {
    Subsequence original = Subsequence.full(input.size());
    return ask(original);
  }

  @Override
  public boolean isInteresting(Subsequence candidate) {
    return ask(candidate).isInteresting();
  }

  /** The answer for {@code candidate}, from the cache when it was asked before. */
  public Outcome ask(Subsequence candidate) {
    ContentKey key = keys.keyOf(candidate);
    Outcome cached = cache.get(key);
    if (cached != null) {
      cacheHits++;
      notifyProgress(candidate.size());
      return cached;
    }
    checkBudget();
    C content = input.assemble(candidate);
    Outcome outcome;
    try {
      outcome = oracle.test(content);
    } catch (RuntimeException e) {
      throw new ReductionException(
          "the oracle threw on a candidate of " + candidate.size() + " items: " + e, e);
    }
    if (outcome == null) {
      throw new ReductionException("the oracle returned null instead of an Outcome");
    }
    oracleCalls++;
    if (outcome == Outcome.UNRESOLVED) {
      unresolved++;
    }
    cache.put(key, outcome);
    if (outcome.isInteresting() && (best == null || candidate.size() < best.size())) {
      best = candidate;
      Progress progress = progress(candidate.size());
      for (ImprovementListener<? super C> listener : improvementListeners) {
        listener.onImprovement(content, progress);
      }
    }
    notifyProgress(candidate.size());
    return outcome;
  }

  /**
   * Whether every single-item deletion of {@code candidate} was asked in this reduction and found
   * not interesting: the definition of a verified 1-minimal result.
   */
  public boolean isVerifiedOneMinimal(Subsequence candidate) {
    for (ContentKey key : keys.singleDeletionKeys(candidate)) {
      Outcome outcome = cache.get(key);
      if (outcome == null || outcome.isInteresting()) {
        return false;
      }
    }
    return true;
  }

  public Subsequence best() {
    return best;
  }

  public long oracleCalls() {
    return oracleCalls;
  }

  public long cacheHits() {
    return cacheHits;
  }

  public long unresolved() {
    return unresolved;
  }

  public Duration elapsed() {
    return stopwatch.elapsed();
  }

  public C contentOf(Subsequence candidate) {
    return input.assemble(candidate);
  }

  private void checkBudget() {
    if (oracleCalls >= budget.maxCalls()) {
      throw new StopReduction(StopReason.MAX_CALLS);
    }
    if (deadlineNanos != Long.MAX_VALUE && stopwatch.elapsed().toNanos() >= deadlineNanos) {
      throw new StopReduction(StopReason.DEADLINE);
    }
    if (Thread.currentThread().isInterrupted()) {
      throw new StopReduction(StopReason.INTERRUPTED);
    }
  }

  private void notifyProgress(int candidateSize) {
    if (progressListeners.isEmpty()) {
      return;
    }
    Progress progress = progress(candidateSize);
    for (ProgressListener listener : progressListeners) {
      listener.onProgress(progress);
    }
  }

  private Progress progress(int candidateSize) {
    return new Progress(
        oracleCalls,
        cacheHits,
        unresolved,
        candidateSize,
        best == null ? input.size() : best.size(),
        stopwatch.elapsed());
  }
}
