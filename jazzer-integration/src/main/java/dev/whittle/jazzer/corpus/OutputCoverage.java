package dev.whittle.jazzer.corpus;

/**
 * What the output of a minimization covers, as its {@link FinalCheck} found.
 *
 * @param stableFeatures the features some output file showed on both of its runs
 * @param missingFeatures how many features of the input corpus it lacks (none unless restoring the
 *     originals that showed them failed)
 */
record OutputCoverage(long[] stableFeatures, int missingFeatures) {}
