package dev.whittle.jazzer.api;

import static com.google.common.base.Preconditions.checkNotNull;

import java.nio.file.Path;
import java.util.List;

/**
 * What a corpus minimization did. Sizes are in bytes; features count the distinct (edge, hit-count
 * bucket) pairs (plain edges without hit counts) that inputs showed on both of their runs.
 *
 * @param filesBefore distinct inputs read (files with equal content count once)
 * @param bytesBefore their total size
 * @param filesAfter files in the output directory
 * @param bytesAfter their total size
 * @param features the union of the input corpus's stable features
 * @param featuresAfter the union of the output's stable features, as the final check ran it
 * @param missingFeatures input features the output lacks after the final check (0 when preserved)
 * @param flakyFeatures features some input showed on one of its two runs only
 * @param selectedBeforeShrinking files the first selection kept
 * @param strategy how the final selection was made ({@code GREEDY_SET_COVER} or {@code
 *     AFL_CMIN_ORDER})
 * @param shrunkFiles kept files that shrinking made smaller
 * @param runs runs of the target in all
 * @param milliseconds wall time
 * @param crashers inputs that crashed, exited or timed out: not written
 * @param outputs the files written, in the output directory
 * @param interrupted whether the caller's interrupt ended the minimization early
 */
public record CorpusMinimizationResult(
    int filesBefore,
    long bytesBefore,
    int filesAfter,
    long bytesAfter,
    int features,
    int featuresAfter,
    int missingFeatures,
    int flakyFeatures,
    int selectedBeforeShrinking,
    String strategy,
    int shrunkFiles,
    long runs,
    long milliseconds,
    List<Crasher> crashers,
    List<Path> outputs,
    boolean interrupted) {
  public CorpusMinimizationResult {
    checkNotNull(strategy, "strategy");
    crashers = List.copyOf(crashers);
    outputs = List.copyOf(outputs);
  }

  /** Whether the output keeps every feature of the input corpus, as the final check found. */
  public boolean coveragePreserved() {
    return missingFeatures == 0;
  }

  /**
   * An input that crashed, exited or timed out.
   *
   * @param input the file
   * @param finding what it did
   */
  public record Crasher(Path input, Finding finding) {
    public Crasher {
      checkNotNull(input, "input");
      checkNotNull(finding, "finding");
    }
  }
}
