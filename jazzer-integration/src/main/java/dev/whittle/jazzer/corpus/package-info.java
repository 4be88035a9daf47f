/**
 * The staged corpus engine behind {@link dev.whittle.jazzer.api.CorpusMinimizer}, each stage a
 * class: the {@link dev.whittle.jazzer.corpus.CoverageCensus} of the input corpus (features,
 * crashers and run times per file, immutable) that {@link
 * dev.whittle.jazzer.corpus.StableFeatureConfirmation} takes; selection ({@link
 * dev.whittle.jazzer.corpus.CorpusSelection}, with {@link dev.whittle.jazzer.corpus.FeatureHolders}
 * and {@link dev.whittle.jazzer.corpus.FeatureOwnership} for what each file must keep); the
 * shrinking of each kept file ({@link dev.whittle.jazzer.corpus.KeptInputsShrinker} over {@link
 * dev.whittle.jazzer.corpus.CorpusFileShrinker}); the {@link dev.whittle.jazzer.corpus.FinalCheck}
 * that restores what a shrink lost; and the short orchestrator {@link
 * dev.whittle.jazzer.corpus.CorpusMinimization}. Serial and parallel runs are one code path on one
 * executor, {@link dev.whittle.jazzer.corpus.CorpusJobs}. It reaches the target only through {@link
 * dev.whittle.jazzer.corpus.CorpusTarget}, and writes files only through {@code
 * dev.whittle.jazzer.output} (an architecture rule holds it to that).
 */
package dev.whittle.jazzer.corpus;
