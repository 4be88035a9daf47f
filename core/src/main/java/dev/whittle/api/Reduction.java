package dev.whittle.api;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

import com.google.common.collect.ImmutableList;
import dev.whittle.api.spi.ReductionEngine;
import java.util.List;
import java.util.ServiceLoader;

/**
 * One reduction, configured and ready to run: an input, an algorithm, a budget and listeners.
 * Immutable; each {@code with*} method returns a copy, so a configured reduction can run many
 * times.
 *
 * @param <C> the content type handed to the oracle
 */
public final class Reduction<C> {
  private final SequenceInput<C> input;
  private final Algorithm algorithm;
  private final Budget budget;
  private final ImmutableList<ProgressListener> progressListeners;
  private final ImmutableList<ImprovementListener<? super C>> improvementListeners;
  private final ImmutableList<ValueReducer<C>> valueReducers;
  private final int jobs;

  private Reduction(
      SequenceInput<C> input,
      Algorithm algorithm,
      Budget budget,
      ImmutableList<ProgressListener> progressListeners,
      ImmutableList<ImprovementListener<? super C>> improvementListeners,
      ImmutableList<ValueReducer<C>> valueReducers,
      int jobs) {
    this.input = input;
    this.jobs = jobs;
    this.algorithm = algorithm;
    this.budget = budget;
    this.progressListeners = progressListeners;
    this.improvementListeners = improvementListeners;
    this.valueReducers = valueReducers;
  }

  static <C> Reduction<C> of(SequenceInput<C> input) {
    return new Reduction<>(
        input,
        Algorithms.defaultAlgorithm(),
        Budget.unlimited(),
        ImmutableList.of(),
        ImmutableList.of(),
        ImmutableList.of(),
        1);
  }

  public Reduction<C> withAlgorithm(Algorithm newAlgorithm) {
    checkNotNull(newAlgorithm, "algorithm");
    return new Reduction<>(
        input, newAlgorithm, budget, progressListeners, improvementListeners, valueReducers, jobs);
  }

  public Reduction<C> withBudget(Budget newBudget) {
    checkNotNull(newBudget, "budget");
    return new Reduction<>(
        input, algorithm, newBudget, progressListeners, improvementListeners, valueReducers, jobs);
  }

  public Reduction<C> withProgressListener(ProgressListener listener) {
    checkNotNull(listener, "listener");
    return new Reduction<>(
        input,
        algorithm,
        budget,
        ImmutableList.<ProgressListener>builder().addAll(progressListeners).add(listener).build(),
        improvementListeners,
        valueReducers,
        jobs);
  }

  public Reduction<C> withImprovementListener(ImprovementListener<? super C> listener) {
    checkNotNull(listener, "listener");
    return new Reduction<>(
        input,
        algorithm,
        budget,
        progressListeners,
        ImmutableList.<ImprovementListener<? super C>>builder()
            .addAll(improvementListeners)
            .add(listener)
            .build(),
        valueReducers,
        jobs);
  }

  /**
   * Adds a value reducer, run after the ones added before it. With value reducers the reduction
   * alternates: the sequence reducer, then each value reducer on the result, then the sequence
   * reducer again on the rewritten content, until a round changes nothing. The input MUST support
   * {@link SequenceInput#withContent}.
   */
  public Reduction<C> withValueReducer(ValueReducer<C> reducer) {
    checkNotNull(reducer, "reducer");
    return new Reduction<>(
        input,
        algorithm,
        budget,
        progressListeners,
        improvementListeners,
        ImmutableList.<ValueReducer<C>>builder().addAll(valueReducers).add(reducer).build(),
        jobs);
  }

  /**
   * Lets the reduction ask up to {@code jobs} questions at once where its search can use answers it
   * did not strictly need yet: the top levels of an Entropy Debugging decision tree, the next
   * deletions of a minimizing sweep, the complements of one ddmin round, a value reducer's
   * alternatives. The result is the one a single job finds; it costs more oracle calls and less
   * time. The oracle MUST be thread-safe when {@code jobs} is above one. Default 1.
   */
  public Reduction<C> withJobs(int newJobs) {
    checkArgument(newJobs >= 1, "jobs must be at least 1, was %s", newJobs);
    return new Reduction<>(
        input, algorithm, budget, progressListeners, improvementListeners, valueReducers, newJobs);
  }

  public SequenceInput<C> input() {
    return input;
  }

  public Algorithm algorithm() {
    return algorithm;
  }

  public Budget budget() {
    return budget;
  }

  public List<ProgressListener> progressListeners() {
    return progressListeners;
  }

  public List<ImprovementListener<? super C>> improvementListeners() {
    return improvementListeners;
  }

  public List<ValueReducer<C>> valueReducers() {
    return valueReducers;
  }

  public int jobs() {
    return jobs;
  }

  /**
   * Runs the reduction on the calling thread. The original input is asked first; interrupting the
   * thread ends the reduction with its best result so far ({@link StopReason#INTERRUPTED}), and the
   * thread's interrupt flag stays set for the caller to see.
   *
   * @throws OriginalNotInterestingException if the original input is not interesting
   * @throws ReductionException if the oracle throws
   */
  public ReductionResult<C> run(Oracle<? super C> oracle) {
    checkNotNull(oracle, "oracle");
    return EngineHolder.ENGINE.run(this, oracle);
  }

  /** Loads the engine once, the way jqwik finds its facade implementations. */
  private static final class EngineHolder {
    static final ReductionEngine ENGINE =
        ServiceLoader.load(ReductionEngine.class, Reduction.class.getClassLoader())
            .findFirst()
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "no "
                            + ReductionEngine.class.getName()
                            + " on the class path: is whittle-core complete?"));
  }
}
