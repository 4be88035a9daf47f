package dev.whittle.jazzer.corpus;

import dev.whittle.jazzer.api.Finding;

/**
 * One run of the target with coverage.
 *
 * @param finding what it found, null for nothing
 * @param features the features it showed, sorted (stable or not: one run cannot tell)
 * @param nanos how long the target took
 */
record CoverageRun(Finding finding, long[] features, long nanos) {
  /** Whether the run hung and was abandoned at the call timeout. */
  boolean timedOut() {
    return finding != null && finding.kind() == Finding.Kind.TIMEOUT;
  }
}
