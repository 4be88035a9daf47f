package dev.whittle.api;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.STABLE;

import com.google.common.base.Supplier;
import com.google.common.collect.ImmutableList;
import dev.whittle.api.spi.Engines;
import dev.whittle.api.spi.ReductionEngine;
import java.util.List;
import java.util.function.Consumer;
import org.apiguardian.api.API;

/**
 * One reduction, configured and ready to run: an input, an algorithm, a budget and listeners.
 * Immutable; each {@code with*} method returns a copy, so a configured reduction can run many
 * times.
 *
 * @param <C> the content type handed to the oracle
 */
@API(status = STABLE, since = "0.1")
public final class Reduction<C> {
  private static final Supplier<ReductionEngine> ENGINE =
      Engines.lazily(ReductionEngine.class, "whittle-core");

  private final SequenceInput<C> input;
  private final Algorithm algorithm;
  private final Budget budget;
  private final ImmutableList<ProgressListener> progressListeners;
  private final ImmutableList<ImprovementListener<? super C>> improvementListeners;
  private final ImmutableList<Pass<C>> passes;
  private final boolean passesFirst;
  private final boolean chunkCheck;
  private final boolean coarseStart;
  private final boolean windowStart;
  private final long passAllowance;
  private final int jobs;

  private Reduction(Settings<C> s) {
    this.input = s.input;
    this.algorithm = s.algorithm;
    this.budget = s.budget;
    this.progressListeners = s.progressListeners;
    this.improvementListeners = s.improvementListeners;
    this.passes = s.passes;
    this.passesFirst = s.passesFirst;
    this.chunkCheck = s.chunkCheck;
    this.coarseStart = s.coarseStart;
    this.windowStart = s.windowStart;
    this.passAllowance = s.passAllowance;
    this.jobs = s.jobs;
  }

  static <C> Reduction<C> of(SequenceInput<C> input) {
    Settings<C> s = new Settings<>();
    s.input = input;
    return new Reduction<>(s);
  }

  public Reduction<C> withAlgorithm(Algorithm newAlgorithm) {
    checkNotNull(newAlgorithm, "algorithm");
    return copy(s -> s.algorithm = newAlgorithm);
  }

  public Reduction<C> withBudget(Budget newBudget) {
    checkNotNull(newBudget, "budget");
    return copy(s -> s.budget = newBudget);
  }

  public Reduction<C> withProgressListener(ProgressListener listener) {
    checkNotNull(listener, "listener");
    return copy(
        s ->
            s.progressListeners =
                ImmutableList.<ProgressListener>builder()
                    .addAll(progressListeners)
                    .add(listener)
                    .build());
  }

  public Reduction<C> withImprovementListener(ImprovementListener<? super C> listener) {
    checkNotNull(listener, "listener");
    return copy(
        s ->
            s.improvementListeners =
                ImmutableList.<ImprovementListener<? super C>>builder()
                    .addAll(improvementListeners)
                    .add(listener)
                    .build());
  }

  /**
   * Adds a pass, run after the ones added before it. With passes the reduction alternates: the
   * algorithm, then each pass on the result, then the algorithm again on the rewritten content,
   * until a round changes nothing. The input MUST support {@link SequenceInput#withContent}.
   */
  public Reduction<C> withPass(Pass<C> reducer) {
    checkNotNull(reducer, "reducer");
    return copy(
        s -> s.passes = ImmutableList.<Pass<C>>builder().addAll(passes).add(reducer).build());
  }

  /**
   * Whether the passes take the first turn, before the algorithm (default: after it). First is
   * cheaper when they remove structure wholesale that the algorithm would otherwise take apart item
   * by item: length-prefixed chunks, the calls of a FuzzedDataProvider input. The rounds and the
   * result's guarantees are the same either way.
   */
  public Reduction<C> withPassesFirst(boolean first) {
    return copy(s -> s.passesFirst = first);
  }

  /**
   * Whether the reduction asks plain ddmin's chunks at both ends (default: no): with value
   * reducers, the engine then first takes ddmin's coarse steps (halves and quarters) on the input,
   * so that where the input holds two ways to the failure it goes on from the one ddmin keeps; and
   * a result the rounds have settled on gets a chunk check: the engine MAY ask, within a share of
   * what the algorithm spent, whether a chunk of several items at plain ddmin's boundaries goes
   * whole, and go on with the rounds after a cut. A caller whose result MUST be no larger than
   * plain ddmin's (a crash minimizer) SHOULD turn it on; one held to ask no more than the sequence
   * reducer alone leaves it off.
   */
  public Reduction<C> withChunkCheck(boolean check) {
    return copy(s -> s.chunkCheck = check);
  }

  /**
   * Whether a reduction with passes starts with plain ddmin's coarse steps (halves and quarters) on
   * the input, before any pass (default: no; the chunk check implies it). Where the input holds two
   * ways to the failure, the reduction then goes on from the one ddmin keeps. It costs up to six
   * questions where no coarse chunk goes, and changes the path where one does: a caller held to ask
   * no more than the algorithm alone on text SHOULD turn it on only for inputs that are no such
   * text (a fuzzer's crash file with NULs or bytes that are not UTF-8).
   */
  public Reduction<C> withCoarseStart(boolean start) {
    return copy(s -> s.coarseStart = start);
  }

  /**
   * Whether the reduction starts by narrowing the input to the shortest interesting window it finds
   * by bisection, the shortest interesting prefix and then the latest start (default: no), after
   * the coarse start (if any) and before any other step: about {@code 2 log2(n)} questions. For a
   * failure bound by how deep its input nests, such as a stack overflow of a recursive parser, the
   * target fails in what it read before the overflow, and the nesting it needs is at that prefix's
   * end: the rest goes at once, where ddmin's chunks and single deletions would each pay a run of
   * the deep recursion.
   */
  public Reduction<C> withWindowStart(boolean start) {
    return copy(s -> s.windowStart = start);
  }

  /**
   * The least number of runs in a row that a pass MAY ask without a gain before its turn is cut off
   * (default 0: only the engine's own floor, a share of what the algorithm spends). A caller with a
   * fixed budget per input and structured inputs (a corpus minimizer shrinking many small files,
   * where the algorithm spends little and a length-field sweep must first pass the fields before
   * the one that shrinks) SHOULD raise it, or the passes are cut off before they reach the chunk
   * that gives way.
   */
  public Reduction<C> withPassAllowance(long calls) {
    checkArgument(calls >= 0, "pass allowance must not be negative, was %s", calls);
    return copy(s -> s.passAllowance = calls);
  }

  /**
   * Lets the reduction ask up to {@code jobs} questions at once where its search can use answers it
   * did not strictly need yet: the top levels of an Entropy Debugging decision tree, the next
   * deletions of a minimizing sweep, the complements of one ddmin round, a pass's alternatives. The
   * result is the one a single job finds; it costs more runs and less time. The oracle MUST be
   * thread-safe when {@code jobs} is above one. Default 1.
   */
  public Reduction<C> withJobs(int newJobs) {
    checkArgument(newJobs >= 1, "jobs must be at least 1, was %s", newJobs);
    return copy(s -> s.jobs = newJobs);
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

  public List<Pass<C>> passes() {
    return passes;
  }

  public boolean passesFirst() {
    return passesFirst;
  }

  public boolean chunkCheck() {
    return chunkCheck;
  }

  /**
   * Whether the reduction starts with ddmin's coarse steps: asked, or implied by the chunk check.
   */
  public boolean coarseStart() {
    return coarseStart || chunkCheck;
  }

  public boolean windowStart() {
    return windowStart;
  }

  public long passAllowance() {
    return passAllowance;
  }

  public int jobs() {
    return jobs;
  }

  private Reduction<C> copy(Consumer<Settings<C>> change) {
    Settings<C> s = new Settings<>();
    s.input = input;
    s.algorithm = algorithm;
    s.budget = budget;
    s.progressListeners = progressListeners;
    s.improvementListeners = improvementListeners;
    s.passes = passes;
    s.passesFirst = passesFirst;
    s.chunkCheck = chunkCheck;
    s.coarseStart = coarseStart;
    s.windowStart = windowStart;
    s.passAllowance = passAllowance;
    s.jobs = jobs;
    change.accept(s);
    return new Reduction<>(s);
  }

  /** Mutable scratch space for {@link #copy}; never escapes. */
  private static final class Settings<C> {
    SequenceInput<C> input;
    Algorithm algorithm = Algorithms.defaultAlgorithm();
    Budget budget = Budget.unlimited();
    ImmutableList<ProgressListener> progressListeners = ImmutableList.of();
    ImmutableList<ImprovementListener<? super C>> improvementListeners = ImmutableList.of();
    ImmutableList<Pass<C>> passes = ImmutableList.of();
    boolean passesFirst;
    boolean chunkCheck;
    boolean coarseStart;
    boolean windowStart;
    long passAllowance;
    int jobs = 1;
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
    return ENGINE.get().run(this, oracle);
  }
}
