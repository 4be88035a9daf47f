package dev.whittle.jazzer.corpus;

import dev.whittle.jazzer.bytecode.analysis.FeatureSets;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs every shrunk output file twice and compares what the output shows with the input corpus:
 * every stable feature must be stable on some output file, every flaky feature kept ({@link
 * FlakyFeatureHolders#keptFeatures}) shown on some run of one. An output file that is an input as
 * it was counts what that input showed on its runs in the census and is not run again. A feature
 * that went missing brings back, as it is, the smallest original input that showed it; that input
 * then counts what it showed, so one pass over the inputs ends with nothing missing.
 */
final class FinalCheck {
  private final CoverageCensus census;
  private final FlakyFeatureHolders flaky;
  private final KeptInputs kept;
  private final CoveragePasses passes;
  private final CorpusLog log;

  FinalCheck(
      CoverageCensus census,
      FlakyFeatureHolders flaky,
      KeptInputs kept,
      CoveragePasses passes,
      CorpusLog log) {
    this.census = census;
    this.flaky = flaky;
    this.kept = kept;
    this.passes = passes;
    this.log = log;
  }

  /** The outcome after restoring what went missing; null if interrupted. */
  OutputCoverage check() throws IOException {
    List<Integer> order = kept.indices();
    List<long[]> stableAfter = new ArrayList<>();
    List<long[]> shownAfter = new ArrayList<>();
    // An input kept as it was showed its features on both of its runs in the census: running it
    // again could only add to them, so only the shrunk files are run.
    List<Integer> shrunk = new ArrayList<>();
    List<byte[]> contents = new ArrayList<>();
    for (int index : order) {
      if (kept.isOriginal(index)) {
        stableAfter.add(census.stableOf(index));
        shownAfter.add(census.observed(index));
      } else {
        shrunk.add(index);
        contents.add(kept.get(index).content());
      }
    }
    List<CoverageRun> first = passes.runAll(StageRuns.FINAL_CHECK, contents);
    List<CoverageRun> second =
        first == null ? null : passes.runAll(StageRuns.FINAL_CHECK, contents);
    if (second == null) {
      return null;
    }
    for (int k = 0; k < shrunk.size(); k++) {
      long[] once = first.get(k).features();
      long[] twice = second.get(k).features();
      stableAfter.add(FeatureSets.intersection(once, twice));
      shownAfter.add(once);
      shownAfter.add(twice);
    }
    return restoreMissing(CorpusSelection.union(stableAfter), CorpusSelection.union(shownAfter));
  }

  private OutputCoverage restoreMissing(long[] after, long[] shown) throws IOException {
    long[] missingStable = FeatureSets.difference(census.universe(), after);
    long[] missingFlaky = FeatureSets.difference(flaky.keptFeatures(), shown);
    if (missingStable.length + missingFlaky.length > 0) {
      log.line(
          "final check: %,d features missing (%,d of them flaky); bringing back original inputs",
          missingStable.length + missingFlaky.length, missingFlaky.length);
      for (int index : census.smallestFirst(i -> census.observedAny(i))) {
        if (missingStable.length + missingFlaky.length == 0) {
          break;
        }
        long[] stable = census.stableOf(index);
        long[] observed = census.observed(index);
        boolean brings =
            FeatureSets.intersection(stable, missingStable).length > 0
                || FeatureSets.intersection(observed, missingFlaky).length > 0;
        if (!brings || kept.isOriginal(index)) {
          continue;
        }
        kept.restoreOriginal(index);
        missingStable = FeatureSets.difference(missingStable, stable);
        missingFlaky = FeatureSets.difference(missingFlaky, observed);
        after = CorpusSelection.union(List.of(after, stable));
        shown = CorpusSelection.union(List.of(shown, observed));
      }
    }
    int missing = missingStable.length + missingFlaky.length;
    log.line(
        "final check: %s (%,d of %,d stable features; %,d of %,d flaky ones; %,d new)",
        missing == 0 ? "every feature of the input corpus is kept" : "FEATURES LOST",
        FeatureSets.intersection(after, census.universe()).length,
        census.universe().length,
        flaky.keptFeatures().length - missingFlaky.length,
        flaky.keptFeatures().length,
        FeatureSets.difference(shown, census.seen()).length);
    return new OutputCoverage(after, missing);
  }
}
