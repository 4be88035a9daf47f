package dev.whittle.engine.loop;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import com.google.common.base.Ticker;
import dev.whittle.api.Budget;
import dev.whittle.api.Improvement;
import dev.whittle.api.ImprovementListener;
import dev.whittle.api.Oracle;
import dev.whittle.api.Outcome;
import dev.whittle.api.Progress;
import dev.whittle.api.ProgressListener;
import dev.whittle.api.ReductionException;
import dev.whittle.api.SequenceInput;
import dev.whittle.api.StopReason;
import dev.whittle.engine.sequence.CandidateTester;
import dev.whittle.engine.sequence.StopCheck;
import dev.whittle.engine.sequence.StopReduction;
import dev.whittle.engine.sequence.Subsequence;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The one loop that owns the oracle for a reduction: it answers reducers' questions from the cache
 * or by calling the oracle, counts, enforces the budget, notices interruption, keeps the best
 * candidate so far and tells listeners. Not thread-safe: one reduction, one thread; with more than
 * one job it sends batches of questions to the oracle from threads of its own, and still records
 * every answer on the reduction's thread.
 */
@API(status = INTERNAL, since = "0.1")
public final class OracleLoop<C> implements CandidateTester, StopCheck, AutoCloseable {
  private final Oracle<? super C> oracle;
  private final Budget budget;
  private final LoopListeners<C> listeners;
  private final ResultCache cache = new ResultCache();
  private final ReductionClock clock;
  private final ParallelAsker<C> parallel; // null when the loop asks one question at a time

  // The input reducers' subsequences refer to; passes make the loop continue on another.
  private SequenceInput<C> input;
  private ContentKeys keys;

  private long runs;
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
    this(input, oracle, budget, progressListeners, improvementListeners, 1, Ticker.systemTicker());
  }

  /**
   * A loop that answers batches with up to {@code jobs} runs at once; the oracle MUST then be
   * thread-safe. Close it to stop its threads. Its elapsed time and deadline are read from {@code
   * ticker}.
   */
  public OracleLoop(
      SequenceInput<C> input,
      Oracle<? super C> oracle,
      Budget budget,
      List<ProgressListener> progressListeners,
      List<? extends ImprovementListener<? super C>> improvementListeners,
      int jobs,
      Ticker ticker) {
    checkArgument(jobs >= 1, "jobs must be at least 1, was %s", jobs);
    this.parallel = jobs == 1 ? null : new ParallelAsker<>(oracle, jobs);
    this.input = checkNotNull(input, "input");
    this.oracle = checkNotNull(oracle, "oracle");
    this.budget = checkNotNull(budget, "budget");
    this.listeners = new LoopListeners<>(progressListeners, improvementListeners);
    this.clock = new ReductionClock(budget.deadline(), ticker);
    this.keys = new ContentKeys(input);
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

  /** Whether a whole content, as a pass proposes it, is interesting. */
  public boolean isInterestingContent(C content) {
    return answer(contentQuestion(content)).isInteresting();
  }

  /** A whole content as a question: its key and size come from splitting it like the input. */
  private Question<C> contentQuestion(C content) {
    checkNotNull(content, "content");
    SequenceInput<C> split = input.withContent(content);
    return new Question<>(ContentKeys.keyOfWhole(split), split.size(), null, content);
  }

  private Outcome answer(Question<C> q) {
    return answer(q.key(), q.size(), q.candidate(), q.given());
  }

  private Outcome answer(ContentKey key, int size, Subsequence candidate, C given) {
    Outcome cached = cache.get(key);
    if (cached != null) {
      cacheHits++;
      notifyProgress(size);
      checkTime();
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
    return record(key, size, candidate, content, outcome);
  }

  /** Counts, caches and reports one answer of the oracle. */
  private Outcome record(
      ContentKey key, int size, Subsequence candidate, C content, Outcome outcome) {
    if (outcome == null) {
      throw new ReductionException("the oracle returned null instead of an Outcome");
    }
    runs++;
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

  @Override
  public boolean isAnswered(Subsequence candidate) {
    return cache.get(keys.keyOf(candidate)) != null;
  }

  @Override
  public int parallelism() {
    return parallel == null ? 1 : parallel.jobs();
  }

  @Override
  public boolean[] areInteresting(List<Subsequence> candidates) {
    if (parallel == null) {
      return CandidateTester.super.areInteresting(candidates);
    }
    List<Question<C>> questions = new ArrayList<>(candidates.size());
    for (Subsequence candidate : candidates) {
      questions.add(new Question<>(keys.keyOf(candidate), candidate.size(), candidate, null));
    }
    return answerAll(questions);
  }

  /** Answers for whole contents, as passes propose them, possibly asked in parallel. */
  public boolean[] areInterestingContents(List<C> contents) {
    List<Question<C>> questions = new ArrayList<>(contents.size());
    for (C content : contents) {
      questions.add(contentQuestion(content));
    }
    if (parallel == null) {
      boolean[] answers = new boolean[questions.size()];
      for (int i = 0; i < answers.length; i++) {
        answers[i] = answer(questions.get(i)).isInteresting();
      }
      return answers;
    }
    return answerAll(questions);
  }

  /** One question of a batch: its key, its size and how to get its content. */
  private record Question<C>(ContentKey key, int size, Subsequence candidate, C given) {}

  /**
   * Answers a batch: from the cache where it can, the rest in parallel, each distinct content once.
   * When the budget cannot pay for all of them, it asks as many as it can, records them, and stops
   * the reduction.
   */
  private boolean[] answerAll(List<Question<C>> questions) {
    boolean[] answers = new boolean[questions.size()];
    Map<ContentKey, List<Integer>> toAsk = new LinkedHashMap<>();
    for (int i = 0; i < answers.length; i++) {
      ContentKey key = questions.get(i).key();
      Outcome cached = cache.get(key);
      if (cached != null) {
        cacheHits++;
        answers[i] = cached.isInteresting();
        checkTime();
      } else {
        toAsk.computeIfAbsent(key, k -> new ArrayList<>()).add(i);
      }
    }
    if (toAsk.isEmpty()) {
      return answers;
    }
    checkBudget();
    List<List<Integer>> batch = new ArrayList<>(toAsk.values());
    long affordable = budget.maxRuns() - runs;
    boolean cut = batch.size() > affordable;
    if (cut) {
      batch = batch.subList(0, (int) affordable);
    }
    List<C> contents = new ArrayList<>(batch.size());
    for (List<Integer> same : batch) {
      Question<C> q = questions.get(same.get(0));
      contents.add(q.given() != null ? q.given() : input.assemble(q.candidate()));
    }
    List<Outcome> outcomes = parallel.askAll(contents);
    for (int b = 0; b < batch.size(); b++) {
      Question<C> q = questions.get(batch.get(b).get(0));
      Outcome outcome = record(q.key(), q.size(), q.candidate(), contents.get(b), outcomes.get(b));
      for (int i : batch.get(b)) {
        answers[i] = outcome.isInteresting();
      }
    }
    if (cut) {
      throw new StopReduction(StopReason.MAX_RUNS);
    }
    return answers;
  }

  /** Makes {@code candidate}, a reducer's result, the best; true if a smaller found one is. */
  public boolean adopt(Subsequence candidate) {
    C content = input.assemble(candidate);
    if (!Objects.deepEquals(content, bestContent)) {
      improve(content, candidate.size(), candidate);
    } else {
      best = candidate;
    }
    return adoptSmallest();
  }

  /** Every improvement so far, the original first, in the order they were found. */
  public List<Improvement> trajectory() {
    return listeners.trajectory();
  }

  @Override
  public void close() {
    if (parallel != null) {
      parallel.close();
    }
  }

  private void improve(C content, int size, Subsequence candidate) {
    bestContent = content;
    bestSize = size;
    best = candidate;
    listeners.improved(content, progress(size));
  }

  /** Goes on from the smallest interesting content where a batch left it smaller than the best. */
  private boolean adoptSmallest() {
    boolean smaller = listeners.smallestSize() >= 0 && listeners.smallestSize() < bestSize;
    if (smaller) {
      bestContent = listeners.smallest();
      bestSize = listeners.smallestSize();
      best = null;
    }
    return smaller;
  }

  /**
   * Takes {@code content}, a pass's result, as the best when it was found interesting (by contract
   * no larger than what it started from); true if a smaller one found is the best instead.
   */
  public boolean adopt(C content) {
    Question<C> q = contentQuestion(content);
    Outcome outcome = cache.get(q.key());
    if (outcome != null && outcome.isInteresting() && !Objects.deepEquals(content, bestContent)) {
      improve(content, q.size(), null);
    }
    return adoptSmallest();
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
    // Keys go by content: a best result that is a subsequence of the current input needs no copy
    // and no new prefix hashes, which on a large input stopped by its deadline cost time.
    if (best == null) {
      rebaseToBest();
    }
    return isVerifiedOneMinimal(best);
  }

  /**
   * Whether every single-item deletion of {@code candidate}, a subsequence of the current input,
   * was asked and found not interesting.
   */
  public boolean isVerifiedOneMinimal(Subsequence candidate) {
    return keys.everySingleDeletion(
        candidate,
        key -> {
          Outcome outcome = cache.get(key);
          return outcome != null && !outcome.isInteresting();
        });
  }

  /** The best result as a subsequence of the current input, or null when it is none. */
  public Subsequence best() {
    return best;
  }

  /** Whether any candidate was found interesting yet. */
  public boolean hasBest() {
    return bestSize >= 0;
  }

  /** The result the search stands on: the smallest interesting content it has taken. */
  public C bestContent() {
    return bestContent;
  }

  /** Its size in items. */
  public int bestSize() {
    return bestSize;
  }

  public long runs() {
    return runs;
  }

  public long cacheHits() {
    return cacheHits;
  }

  public long unresolved() {
    return unresolved;
  }

  public Duration elapsed() {
    return clock.elapsed();
  }

  private void checkBudget() {
    RunLimits.check(budget, runs, listeners.runsAtSmallest());
    checkTime();
  }

  /**
   * The deadline and interruption, also checked when an answer comes from the cache: a reducer that
   * asks only what was asked before (or works long between questions on a large input) must still
   * stop in time. Not the call limit: cached answers cost no call.
   */
  @Override
  public void checkStop() {
    checkTime();
  }

  private void checkTime() {
    // The original is always checked: a deadline that ran out before it would leave no result.
    clock.checkStop(hasBest());
  }

  private void notifyProgress(int candidateSize) {
    if (listeners.wantProgress()) {
      listeners.progress(progress(candidateSize));
    }
  }

  private Progress progress(int candidateSize) {
    return new Progress(
        runs,
        cacheHits,
        unresolved,
        candidateSize,
        bestSize < 0 ? input.size() : bestSize,
        clock.elapsed());
  }
}
