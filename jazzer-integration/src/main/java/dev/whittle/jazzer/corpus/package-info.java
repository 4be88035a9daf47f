/**
 * The staged corpus engine behind {@link dev.whittle.jazzer.api.CorpusMinimizer}: a coverage census
 * (immutable features, crashers and run times per file), selection (feature holders and ownership),
 * the per-file shrinker, the final check that restores what a shrink lost, and a short orchestrator
 * over one executor for serial and parallel runs. It reaches the target only through {@code
 * dev.whittle.jazzer.target} and writes files only through {@code dev.whittle.jazzer.output}.
 */
package dev.whittle.jazzer.corpus;
