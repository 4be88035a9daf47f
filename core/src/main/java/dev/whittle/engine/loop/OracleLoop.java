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
import java.util.Objects;

/**
 * The one loop that owns the oracle for a reduction: it answers reducers' questions from the cache
 * or by calling the oracle, counts, enforces the budget, notices interruption, keeps the best
 * candidate so far and tells listeners. Not thread-safe: one reduction, one thread.
 */
public final class OracleLoop<C> implements CandidateTester {
  private final Oracle<? super C> oracle;
  private final Budget budget;
  private final List<ProgressListener> progressListeners;
  private final List<? extends ImprovementListener<? super C>> improvementListeners;
  private final ResultCache cache = new ResultCache();
  private final Stopwatch stopwatch;
  private final long deadlineNanos;

  // The input reducers' subsequences refer to; value reducers make the loop continue on another.
  private SequenceInput<C> input;
  private ContentKeys keys;

  private long oracleCalls;
  private long cacheHits;
  private long unresolved;
  private C bestContent;
  private int bestSize = -1;
  private Subsequence best; // bestContent as a subsequence of input, or null when it is none

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
    return answer(keys.keyOf(candidate), candidate.size(), candidate, null);
  }

  /** Whether a whole content, as a value reducer proposes it, is interesting. */
  public boolean isInterestingContent(C content) {
    checkNotNull(content, "content");
    SequenceInput<C> split = input.withContent(content);
    return answer(ContentKeys.keyOfWhole(split), split.size(), null, content).isInteresting();
  }

  private Outcome answer(ContentKey key, int size, Subsequence candidate, C given) {
    Outcome cached = cache.get(key);
    if (cached != null) {
      cacheHits++;
      notifyProgress(size);
      return cached;
    }
    checkBudget();
    C content = given != null ? given : input.assemble(candidate);
    Outcome outcome;
    try {
      outcome = oracle.test(content);
    } catch (RuntimeException e) {
      throw new ReductionException(
          "the oracle threw on a candidate of " + size + " items: " + e, e);
    }
    if (outcome == null) {
      throw new ReductionException("the oracle returned null instead of an Outcome");
    }
    oracleCalls++;
    if (outcome == Outcome.UNRESOLVED) {
      unresolved++;
    }
    cache.put(key, outcome);
    if (outcome.isInteresting() && (bestSize < 0 || size < bestSize)) {
      improve(content, size, candidate);
    }
    notifyProgress(size);
    return outcome;
  }

  private void improve(C content, int size, Subsequence candidate) {
    bestContent = content;
    bestSize = size;
    best = candidate;
    Progress progress = progress(size);
    for (ImprovementListener<? super C> listener : improvementListeners) {
      listener.onImprovement(content, progress);
    }
  }

  /**
   * Takes {@code content}, which a value reducer returned, as the best result when it was found
   * interesting and is no larger than the best so far (ties go to the newer, simpler content).
   */
  public void adopt(C content) {
    SequenceInput<C> split = input.withContent(content);
    Outcome outcome = cache.get(ContentKeys.keyOfWhole(split));
    if (outcome != null
        && outcome.isInteresting()
        && split.size() <= bestSize
        && !Objects.deepEquals(content, bestContent)) {
      improve(content, split.size(), null);
    }
  }

  /** Continues on the best result: the subsequences reducers propose from now on refer to it. */
  public void rebaseToBest() {
    if (best != null && best.size() == input.size()) {
      return;
    }
    input = input.withContent(bestContent);
    keys = new ContentKeys(input);
    best = Subsequence.full(input.size());
  }

  /** The size of the input subsequences refer to. */
  public int inputSize() {
    return input.size();
  }

  /**
   * Whether every single-item deletion of the best result was asked in this reduction and found not
   * interesting: the definition of a verified 1-minimal result.
   */
  public boolean isBestVerifiedOneMinimal() {
    rebaseToBest();
    return isVerifiedOneMinimal(best);
  }

  /**
   * Whether every single-item deletion of {@code candidate}, a subsequence of the current input,
   * was asked and found not interesting.
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

  /** The best result as a subsequence of the current input, or null when it is none. */
  public Subsequence best() {
    return best;
  }

  /** Whether any candidate was found interesting yet. */
  public boolean hasBest() {
    return bestSize >= 0;
  }

  /** The smallest interesting content so far. */
  public C bestContent() {
    return bestContent;
  }

  /** Its size in items. */
  public int bestSize() {
    return bestSize;
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
        bestSize < 0 ? input.size() : bestSize,
        stopwatch.elapsed());
  }
}
