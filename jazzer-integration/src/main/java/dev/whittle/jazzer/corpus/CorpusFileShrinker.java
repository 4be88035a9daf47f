package dev.whittle.jazzer.corpus;

import static com.google.common.base.Preconditions.checkArgument;

import dev.whittle.api.Oracle;
import dev.whittle.api.OriginalNotInterestingException;
import dev.whittle.api.Outcome;
import dev.whittle.api.Pass;
import dev.whittle.api.Reduction;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.Whittle;
import dev.whittle.jazzer.api.CorpusMinimizer;
import dev.whittle.jazzer.bytecode.analysis.FeatureSets;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Shrinks one corpus file while it keeps given features: the per-file step of corpus minimization
 * and of a merge into a kept corpus.
 */
final class CorpusFileShrinker {
  /** The fewest runs worth a file's shrinking: a sweep of its passes and a few deletions. */
  static final long USEFUL_RUNS = 100;

  /**
   * The runs a file's search gets for each of its bytes beyond {@link #USEFUL_RUNS}: what a file
   * can give is its bytes, so the runs go where the bytes are, and a small file, which has little
   * to give, does not cost what a large one does.
   */
  static final long RUNS_PER_BYTE = 2;

  private final CorpusMinimizer minimizer;
  private final CorpusTargetPool targets;
  private final AtomicLong confirmationRuns = new AtomicLong();

  CorpusFileShrinker(CorpusMinimizer minimizer, CorpusTargetPool targets) {
    this.minimizer = minimizer;
    this.targets = targets;
  }

  /**
   * The reduction of {@code content} to a candidate that shows every feature of {@code required}
   * and, when {@code allowed} is not null, none outside it; null if it could not run (a file of one
   * byte, or one that no longer shows {@code required}).
   */
  ReductionResult<byte[]> shrink(byte[] content, long[] required, long[] allowed) {
    if (content.length <= 1) {
      return null;
    }
    long runs = runsFor(content.length, minimizer.budgetPerInput().maxRuns());
    Reduction<byte[]> reduction =
        Whittle.reduce(SequenceInputs.bytes(content))
            .withAlgorithm(minimizer.algorithm())
            .withBudget(minimizer.budgetPerInput().withMaxRuns(runs))
            // Jobs shrink files side by side rather than run one file's candidates ahead, which
            // costs runs for answers the search may not use.
            .withJobs(1)
            .withPassesFirst(true)
            // Never larger than plain ddmin: a settled result gets its chunk check.
            .withChunkCheck(true)
            // A small file's sequence turn is cheap, and the allowance it alone would give a
            // pass runs out before a length-field sweep reaches the chunk that gives way (a text
            // chunk after the header): a tenth of the file's budget.
            .withPassAllowance(passAllowance(minimizer.budgetPerInput().maxRuns()));
    if (minimizer.valueReduction()) {
      for (Pass<byte[]> reducer : targets.passes()) {
        reduction = reduction.withPass(reducer);
      }
    }
    Oracle<byte[]> keepsFeatures =
        candidate -> {
          CoverageRun run = targets.run(candidate);
          if (run == null || run.timedOut()) {
            return Outcome.UNRESOLVED;
          }
          return keeps(run, required, allowed) ? Outcome.INTERESTING : Outcome.NOT_INTERESTING;
        };
    try {
      // Structured parameters: only the mutation framework's own encodings, as for a crash.
      return reduction.run(
          minimizer.valueReduction() ? targets.restrict(content, keepsFeatures) : keepsFeatures);
    } catch (OriginalNotInterestingException e) {
      return null; // Its features were stable twice but not now: keep it as it is.
    }
  }

  /**
   * Whether {@code content} without its last byte still shows every feature of {@code required} and
   * none outside {@code allowed}: one run that tells a file at its format's floor (a block that
   * every deletion cuts short) from one a search could still shrink.
   */
  boolean lastByteCanGo(byte[] content, long[] required, long[] allowed) {
    if (content.length <= 1) {
      return false;
    }
    CoverageRun run = targets.run(Arrays.copyOf(content, content.length - 1));
    return run != null && !run.timedOut() && keeps(run, required, allowed);
  }

  private static boolean keeps(CoverageRun run, long[] required, long[] allowed) {
    return run.finding() == null
        && FeatureSets.containsAll(run.features(), required)
        && (allowed == null || FeatureSets.containsAll(allowed, run.features()));
  }

  /** The features {@code content} shows on two runs; null if it crashes or was interrupted. */
  long[] stableFeatures(byte[] content) {
    CoverageRun first = targets.run(content);
    confirmationRuns.incrementAndGet();
    CoverageRun second = first == null ? null : targets.run(content);
    if (second != null) {
      confirmationRuns.incrementAndGet();
    }
    if (second == null || first.finding() != null || second.finding() != null) {
      return null;
    }
    return FeatureSets.intersection(first.features(), second.features());
  }

  /** The runs {@link #stableFeatures} made so far. */
  long confirmationRuns() {
    return confirmationRuns.get();
  }

  /**
   * The runs for shrinking a file of {@code size} bytes: {@link #USEFUL_RUNS} and {@link
   * #RUNS_PER_BYTE} for each byte, at most {@code maxRunsPerInput}.
   */
  static long runsFor(int size, long maxRunsPerInput) {
    checkArgument(size >= 0, "size must not be negative: %s", size);
    checkArgument(maxRunsPerInput >= 1, "maxRunsPerInput must be at least 1: %s", maxRunsPerInput);
    return Math.min(maxRunsPerInput, USEFUL_RUNS + RUNS_PER_BYTE * size);
  }

  /** The pass allowance for one file's shrinking: a tenth of its runs, at least 16. */
  static long passAllowance(long maxRunsPerInput) {
    return Math.max(16, maxRunsPerInput / 10);
  }
}
