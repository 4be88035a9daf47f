package dev.whittle.jazzer.corpus;

import dev.whittle.api.OriginalNotInterestingException;
import dev.whittle.api.Outcome;
import dev.whittle.api.Reduction;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.ValueReducer;
import dev.whittle.api.Whittle;
import dev.whittle.jazzer.api.CorpusMinimizer;
import dev.whittle.jazzer.coverage.FeatureSets;

/**
 * Shrinks one corpus file while it keeps given features: the per-file step of corpus minimization
 * and of a merge into a kept corpus.
 */
final class CorpusFileShrinker {
  /** The fewest runs worth a file's shrinking: a sweep of its passes and a few deletions. */
  static final long USEFUL_RUNS = 100;

  private final CorpusMinimizer minimizer;
  private final CorpusTargetPool targets;

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
    Reduction<byte[]> reduction =
        Whittle.reduce(SequenceInputs.bytes(content))
            .withAlgorithm(minimizer.algorithm())
            .withBudget(minimizer.budgetPerInput())
            // Jobs shrink files side by side rather than ask one file's questions ahead, which
            // costs runs for answers the search may not use.
            .withJobs(1)
            .withValueReducersFirst(true)
            // A small file's sequence turn is cheap, and the allowance it alone would give a
            // pass runs out before a length-field sweep reaches the chunk that gives way (a text
            // chunk after the header): a tenth of the file's budget.
            .withPassAllowance(passAllowance(minimizer.budgetPerInput().maxCalls()));
    if (minimizer.valueReduction()) {
      for (ValueReducer<byte[]> reducer : targets.valueReducers()) {
        reduction = reduction.withValueReducer(reducer);
      }
    }
    try {
      return reduction.run(
          candidate -> {
            CoverageRun run = targets.run(candidate);
            if (run == null || run.timedOut()) {
              return Outcome.UNRESOLVED;
            }
            return run.finding() == null
                    && FeatureSets.containsAll(run.features(), required)
                    && (allowed == null || FeatureSets.containsAll(allowed, run.features()))
                ? Outcome.INTERESTING
                : Outcome.NOT_INTERESTING;
          });
    } catch (OriginalNotInterestingException e) {
      return null; // Its features were stable twice but not now: keep it as it is.
    }
  }

  /** The features {@code content} shows on two runs; null if it crashes or was interrupted. */
  long[] stableFeatures(byte[] content) {
    CoverageRun first = targets.run(content);
    CoverageRun second = first == null ? null : targets.run(content);
    if (second == null || first.finding() != null || second.finding() != null) {
      return null;
    }
    return FeatureSets.intersection(first.features(), second.features());
  }

  /** The pass allowance for one file's shrinking: a tenth of its runs, at least 16. */
  static long passAllowance(long maxRunsPerInput) {
    return Math.max(16, maxRunsPerInput / 10);
  }
}
