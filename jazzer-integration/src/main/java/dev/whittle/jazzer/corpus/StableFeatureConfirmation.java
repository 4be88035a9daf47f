package dev.whittle.jazzer.corpus;

import com.google.common.collect.Lists;
import dev.whittle.jazzer.api.BrokenClassPathException;
import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.bytecode.analysis.FeatureSets;
import dev.whittle.jazzer.bytecode.analysis.PackedFeatures;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.IntPredicate;

/**
 * Takes the {@link CoverageCensus} of a corpus. Runs every input once, then a second time those
 * that a selection over the first run's features would keep, and then, as long as a feature of the
 * first run is confirmed by no second run, the inputs that showed it, smallest first: a feature is
 * stable once an input shows it on both of its runs. The stable features come out as with two runs
 * of every input (each feature seen once is given every chance to show twice), for about one run of
 * the corpus and one of what is kept. One use per instance.
 */
final class StableFeatureConfirmation {
  private final List<CorpusInput> inputs;
  private final CoveragePasses passes;
  private final Map<Integer, Finding> crashers = new LinkedHashMap<>();
  private final long[][] stable;
  private final PackedFeatures[] observed;
  private final long[] runNanos;

  /** The inputs whose first run crashed, exited or timed out, once the first pass is done. */
  private Set<Integer> firstRunCrashers = Set.of();

  StableFeatureConfirmation(List<CorpusInput> inputs, CoveragePasses passes) {
    this.inputs = inputs;
    this.passes = passes;
    this.stable = new long[inputs.size()][];
    this.observed = new PackedFeatures[inputs.size()];
    this.runNanos = new long[inputs.size()];
    Arrays.fill(runNanos, Long.MAX_VALUE);
  }

  /** The census; an incomplete one (with the crashers found so far) if interrupted. */
  CoverageCensus take() throws IOException {
    List<Integer> all = new ArrayList<>();
    for (int i = 0; i < inputs.size(); i++) {
      all.add(i);
    }
    List<PackedFeatures> first = corpusPass(StageRuns.FIRST_RUN, all);
    if (first == null) {
      return census(new long[0], new long[0], new long[0], false);
    }
    firstRunCrashers = new LinkedHashSet<>(crashers.keySet());
    List<Integer> candidates = new ArrayList<>();
    List<PackedFeatures> firstFeatures = new ArrayList<>();
    for (int i = 0; i < inputs.size(); i++) {
      if (!crashers.containsKey(i)) {
        candidates.add(i);
        firstFeatures.add(first.get(i));
        observed[i] = first.get(i);
      }
    }
    long[] sizes = candidates.stream().mapToLong(i -> inputs.get(i).content().length).toArray();
    // Decoded one input at a time: a census of a large corpus holds only the packed sets.
    List<long[]> unpacked = Lists.transform(firstFeatures, PackedFeatures::toArray);
    long[] onceSeen = CorpusSelection.union(unpacked);
    List<Integer> again = new ArrayList<>();
    for (int k : CorpusSelection.best(unpacked, sizes).chosen()) {
      again.add(candidates.get(k));
    }
    List<long[]> flakyPerInput = new ArrayList<>();
    long[] confirmed = new long[0];
    while (!again.isEmpty()) {
      List<PackedFeatures> second = corpusPass(StageRuns.SECOND_RUN, again);
      if (second == null) {
        return census(new long[0], new long[0], new long[0], false);
      }
      for (int k = 0; k < again.size(); k++) {
        int index = again.get(k);
        if (crashers.containsKey(index)) {
          observed[index] = null;
          continue;
        }
        long[] once = first.get(index).toArray();
        long[] twice = second.get(k).toArray();
        long[] shown = CorpusSelection.union(List.of(once, twice));
        stable[index] = FeatureSets.intersection(once, twice);
        observed[index] = PackedFeatures.of(shown);
        flakyPerInput.add(FeatureSets.difference(shown, stable[index]));
        confirmed = CorpusSelection.union(List.of(confirmed, stable[index]));
      }
      again = unconfirmedHolders(first, FeatureSets.difference(onceSeen, confirmed));
    }
    long[] seen = CorpusSelection.union(List.of(onceSeen, CorpusSelection.union(flakyPerInput)));
    long[] crashOnly = crashOnly(first, seen);
    return census(confirmed, seen, crashOnly, crashOnlyHolders(first, crashOnly), true);
  }

  private CoverageCensus census(long[] universe, long[] seen, long[] crashOnly, boolean complete) {
    return census(universe, seen, crashOnly, List.of(), complete);
  }

  private CoverageCensus census(
      long[] universe, long[] seen, long[] crashOnly, List<Integer> holders, boolean complete) {
    return new CoverageCensus(
        inputs, crashers, stable, observed, runNanos, universe, seen, crashOnly, holders, complete);
  }

  /**
   * For each feature of {@code crashOnly}, the smallest input whose crashing first run showed it;
   * ascending. Smallest first, as the selection keeps the smallest holder of a feature.
   */
  private List<Integer> crashOnlyHolders(List<PackedFeatures> first, long[] crashOnly) {
    if (crashOnly.length == 0) {
      return List.of();
    }
    return smallestHolders(first, crashOnly, firstRunCrashers::contains);
  }

  /**
   * What the first runs of the inputs that crashed then showed and no run without a crash showed.
   * An input that crashed only on its second run showed its first run's features without a crash,
   * which {@code seen} has.
   */
  private long[] crashOnly(List<PackedFeatures> first, long[] seen) {
    List<long[]> crashed = new ArrayList<>();
    for (int index : firstRunCrashers) {
      crashed.add(first.get(index).toArray());
    }
    return FeatureSets.difference(CorpusSelection.union(crashed), seen);
  }

  /**
   * Runs the inputs {@code indices} once each; their features in that order, or null if
   * interrupted. Keeps each input's quickest run, and each input's first finding as a crasher.
   */
  private List<PackedFeatures> corpusPass(String what, List<Integer> indices) throws IOException {
    List<byte[]> contents = new ArrayList<>();
    for (int index : indices) {
      contents.add(inputs.get(index).content());
    }
    // Packed as each run ends, so that a pass over a large corpus never holds its runs unpacked.
    List<PackedRun> runs = passes.runAll(what, contents, PackedRun::of);
    if (runs == null) {
      return null;
    }
    List<PackedFeatures> features = new ArrayList<>();
    for (int k = 0; k < runs.size(); k++) {
      int index = indices.get(k);
      runNanos[index] = Math.min(runNanos[index], runs.get(k).nanos());
      features.add(runs.get(k).features());
    }
    for (int k = 0; k < runs.size(); k++) {
      Finding finding = runs.get(k).finding();
      if (finding != null) {
        failIfClassPathBroken(indices.get(k), finding);
        crashers.putIfAbsent(indices.get(k), finding);
      }
    }
    return features;
  }

  /** A {@link CoverageRun} with its features packed. */
  private record PackedRun(Finding finding, PackedFeatures features, long nanos) {
    static PackedRun of(CoverageRun run) {
      return new PackedRun(run.finding(), PackedFeatures.of(run.features()), run.nanos());
    }
  }

  /**
   * Stops at an input whose run threw a linkage error, before anything is written: the target's
   * classes do not fit together, and every input that reaches the same code would be taken for a
   * crasher and left out: a class path with a library too old for the one that called it would
   * otherwise empty the corpus.
   */
  private void failIfClassPathBroken(int index, Finding finding) {
    if (finding.classPathProblem().isPresent()) {
      throw new BrokenClassPathException(inputs.get(index).path().toString(), finding);
    }
  }

  /**
   * For each feature of {@code unconfirmed}, the smallest input run once so far whose first run
   * showed it (none when every input that showed it has run twice); ascending.
   */
  private List<Integer> unconfirmedHolders(List<PackedFeatures> first, long[] unconfirmed) {
    return smallestHolders(
        first, unconfirmed, index -> stable[index] == null && !crashers.containsKey(index));
  }

  /**
   * For each feature of {@code features}, the smallest input among {@code candidates} whose first
   * run showed it (none if no candidate did); ascending.
   */
  private List<Integer> smallestHolders(
      List<PackedFeatures> first, long[] features, IntPredicate candidates) {
    TreeSet<Integer> holders = new TreeSet<>();
    long[] left = features;
    for (int index : CoverageCensus.smallestFirst(inputs, candidates)) {
      if (left.length == 0) {
        break;
      }
      long[] shown = FeatureSets.intersection(first.get(index).toArray(), left);
      if (shown.length > 0) {
        holders.add(index);
        left = FeatureSets.difference(left, shown);
      }
    }
    return new ArrayList<>(holders);
  }
}
