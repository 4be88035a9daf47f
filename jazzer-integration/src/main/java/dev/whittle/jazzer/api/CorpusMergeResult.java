package dev.whittle.jazzer.api;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.STABLE;

import java.nio.file.Path;
import java.util.List;
import org.apiguardian.api.API;

/**
 * What {@link CorpusMinimizer#mergeInto} did: the kept corpus as it was, the new inputs it was
 * offered, and the files it added.
 *
 * @param keptFiles files of the kept corpus (distinct contents), none removed or changed
 * @param keptFeatures features the kept corpus showed on any of its runs
 * @param newInputs distinct new inputs that the kept corpus did not already hold
 * @param added the files written into the kept corpus, sorted
 * @param bytesAdded the bytes of {@code added}
 * @param newFeatures features the added files bring that the kept corpus lacked
 * @param shrunkFiles how many added files are smaller than the new input they came from
 * @param crashers new inputs that crashed, exited or timed out; none of them added
 * @param runs runs of the target
 * @param milliseconds wall time
 * @param interrupted whether it stopped early; every file added is complete
 */
@API(status = STABLE, since = "0.1")
public record CorpusMergeResult(
    int keptFiles,
    int keptFeatures,
    int newInputs,
    List<Path> added,
    long bytesAdded,
    int newFeatures,
    int shrunkFiles,
    List<CorpusMinimizationResult.Crasher> crashers,
    long runs,
    long milliseconds,
    boolean interrupted) {
  public CorpusMergeResult {
    checkNotNull(added, "added");
    checkNotNull(crashers, "crashers");
    added = List.copyOf(added);
    crashers = List.copyOf(crashers);
  }
}
