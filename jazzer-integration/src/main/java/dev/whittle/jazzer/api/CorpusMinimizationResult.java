package dev.whittle.jazzer.api;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.STABLE;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

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
 * @param missingFeatures input features, stable or flaky, the output lacks after the final check (0
 *     when preserved)
 * @param flakyFeatures features some input showed on one of its two runs only: each is kept by the
 *     smallest input that showed it, written as it is
 * @param flakyFiles output files kept as they are (not shrunk, not dropped) because each is the
 *     smallest input that showed some flaky feature
 * @param selectedBeforeShrinking files the first selection kept
 * @param strategy how the final selection was made ({@code GREEDY_SET_COVER} or {@code
 *     AFL_CMIN_ORDER})
 * @param shrunkFiles kept files that shrinking made smaller
 * @param runs runs of the target in all
 * @param milliseconds wall time
 * @param crashers inputs that crashed, exited or timed out: not written
 * @param outputs the files written, in the output directory
 * @param interrupted whether the caller's interrupt ended the minimization early
 * @param runsPerStage runs of the target per stage, in the order the stages ran: {@code warm-up}
 *     (each loaded copy of the target runs the empty input once, so that static initializers do not
 *     run inside a corpus input's run), {@code first run} (every input once), {@code second run}
 *     (the inputs whose features a second run had to confirm), {@code shrinking} (the shrinking
 *     searches, and the one run without its last byte of a file at the floor), {@code confirming
 *     shrunk files} (two runs of each smaller form found) and {@code final check}; a stage that did
 *     not run is absent
 * @param crashOnlyFeatures features that only inputs which crashed, exited or timed out showed (on
 *     the run that ended so): the output does not keep them, as it keeps no such input; {@code
 *     crasherFiles} do
 * @param crasherFiles the copies of the crashers that between them showed every crash-only feature
 *     (the smallest for each), in the crashers directory ({@link
 *     CorpusMinimizer#withCrashersDirectory}); empty when there are none
 */
@API(status = STABLE, since = "0.1")
public record CorpusMinimizationResult(
    int filesBefore,
    long bytesBefore,
    int filesAfter,
    long bytesAfter,
    int features,
    int featuresAfter,
    int missingFeatures,
    int flakyFeatures,
    int flakyFiles,
    int selectedBeforeShrinking,
    String strategy,
    int shrunkFiles,
    long runs,
    long milliseconds,
    List<Crasher> crashers,
    List<Path> outputs,
    boolean interrupted,
    Map<String, Long> runsPerStage,
    int crashOnlyFeatures,
    List<Path> crasherFiles) {
  public CorpusMinimizationResult {
    checkNotNull(strategy, "strategy");
    crasherFiles = List.copyOf(crasherFiles);
    crashers = List.copyOf(crashers);
    outputs = List.copyOf(outputs);
    runsPerStage = Collections.unmodifiableMap(new LinkedHashMap<>(runsPerStage));
  }

  /** The directory {@link #crasherFiles} were copied to; empty when none was. */
  public Optional<Path> crashersDirectory() {
    return crasherFiles.isEmpty() ? Optional.empty() : Optional.of(crasherFiles.get(0).getParent());
  }

  /** Whether the output keeps every feature of the input corpus, as the final check found. */
  public boolean coveragePreserved() {
    return missingFeatures == 0;
  }

  /**
   * The finding (by identity) that more than half of the inputs crashed with, if one did: such a
   * corpus keeps little, and a target that fails on nearly every input is more likely broken than
   * buggy.
   */
  public Optional<Finding> dominantFinding() {
    return dominantFinding(crashers, filesBefore);
  }

  /** The finding more than half of {@code inputs} inputs crashed with, among {@code crashers}. */
  public static Optional<Finding> dominantFinding(List<Crasher> crashers, int inputs) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    Map<String, Finding> findings = new LinkedHashMap<>();
    for (Crasher crasher : crashers) {
      String key = keyOf(crasher.finding());
      counts.merge(key, 1, Integer::sum);
      findings.putIfAbsent(key, crasher.finding());
    }
    return counts.entrySet().stream()
        .filter(entry -> entry.getValue() * 2 > inputs)
        .map(entry -> findings.get(entry.getKey()))
        .findFirst();
  }

  /** The warning about {@code dominant}: how many inputs it took, what it is, what to check. */
  public static String dominantFindingWarning(
      Finding dominant, List<Crasher> crashers, int inputs) {
    long count = crashers.stream().filter(c -> keyOf(c.finding()).equals(keyOf(dominant))).count();
    return count
        + " of "
        + inputs
        + " inputs crash with one finding, "
        + dominant.describe()
        + ", and are left out of the output: check the target and its class path before"
        + " trusting this corpus";
  }

  private static String keyOf(Finding finding) {
    return finding.kind() + " " + finding.exceptionClassName() + " " + finding.identity();
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
