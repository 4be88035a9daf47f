package dev.whittle.jazzer.corpus;

import dev.whittle.jazzer.api.CorpusMinimizationResult;
import dev.whittle.jazzer.api.CorpusMinimizer;
import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.output.CorpusOutput;
import dev.whittle.jazzer.output.CrasherCopies;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One minimization, stage by stage: the census of the input corpus, the selection (written as it
 * was), the shrinking of each kept file, the selection again, and the final check. The output is
 * complete after every stage, so an interrupt between any two leaves a usable corpus.
 */
final class CorpusMinimization {
  private final CorpusMinimizer minimizer;
  private final List<CorpusInput> inputs;
  private final CorpusOutput output;
  private final CrasherCopies crasherCopies;
  private final CorpusTargetPool targets;
  private final CorpusJobs jobs;
  private final CoveragePasses passes;
  private final CorpusLog log;
  private final StageRuns stages;
  private final long start;

  CorpusMinimization(
      CorpusMinimizer minimizer,
      List<CorpusInput> inputs,
      CorpusOutput output,
      CrasherCopies crasherCopies,
      CorpusTargetPool targets,
      long start) {
    this.minimizer = minimizer;
    this.inputs = inputs;
    this.output = output;
    this.crasherCopies = crasherCopies;
    this.targets = targets;
    this.jobs = new CorpusJobs(minimizer.jobs());
    this.log = new CorpusLog(minimizer.log());
    this.stages = new StageRuns(targets::runs);
    this.passes = new CoveragePasses(targets, jobs, log, stages);
    this.start = start;
  }

  CorpusMinimizationResult minimize() throws IOException {
    stages.add(StageRuns.WARM_UP, targets.runs()); // Each copy's run of the empty input, loaded.
    long bytesBefore = inputs.stream().mapToLong(input -> input.content().length).sum();
    log.line(
        "corpus: %d distinct inputs, %,d bytes; running each once, and again those a selection"
            + " keeps, for stable features",
        inputs.size(), bytesBefore);
    CoverageCensus census = new StableFeatureConfirmation(inputs, passes).take();
    KeptInputs kept = new KeptInputs(census, output);
    if (!census.complete()) {
      log.line("interrupted before the selection: nothing written");
      return result(census, FlakyFeatureHolders.NONE, kept, 0, "NONE", 0, null, List.of());
    }
    tellCrashers(census);
    List<Path> crasherFiles = copyCrashOnlyHolders(census);
    CorpusSelection.Selection selection = select(census, kept, census.confirmedInputs());
    for (int index : selection.chosen()) {
      kept.keepOriginal(index);
    }
    FlakyFeatureHolders flaky = FlakyFeatureHolders.choose(census);
    int added = 0;
    for (int index : flaky.inputs()) {
      if (!kept.contains(index)) {
        kept.keepOriginal(index);
        added++;
      }
    }
    log.line(
        "selected %d of %d inputs (%s), %,d bytes; %,d features; %,d flaky, kept in %,d inputs"
            + " left as they are (%,d more)",
        selection.chosen().size(),
        inputs.size() - census.crashers().size(),
        strategyName(selection.strategy()),
        selection.bytes(),
        census.universe().length,
        census.flakyFeatures().length,
        flaky.inputs().size(),
        added);

    int shrunk = 0;
    String strategy = selection.strategy().name();
    boolean interrupted = false;
    if (minimizer.shrinking()) {
      CorpusFileShrinker shrinker = new CorpusFileShrinker(minimizer, targets);
      long mark = stages.mark();
      shrunk =
          new KeptInputsShrinker(minimizer, census, flaky, kept, shrinker, jobs, log).shrinkAll();
      long confirmation = shrinker.confirmationRuns();
      stages.add(StageRuns.SHRINKING, stages.mark() - mark - confirmation);
      stages.add(StageRuns.CONFIRMATION, confirmation);
      interrupted = Thread.interrupted();
      if (!interrupted) {
        strategy = reselect(census, flaky, kept).strategy().name();
      }
    }
    OutputCoverage after =
        interrupted ? null : new FinalCheck(census, flaky, kept, passes, log).check();
    if (after == null) {
      Thread.currentThread().interrupt();
    }
    targets.movedGlobalsWarning().ifPresent(warning -> log.line("%s", warning));
    return result(
        census, flaky, kept, selection.chosen().size(), strategy, shrunk, after, crasherFiles);
  }

  /**
   * Copies the crashers that alone showed some features to their own directory, before anything
   * else is written: the output keeps no crasher, as it must replay without a failure, and the
   * coverage only they showed is not to be lost.
   */
  private List<Path> copyCrashOnlyHolders(CoverageCensus census) throws IOException {
    if (census.crashOnlyHolders().isEmpty()) {
      return List.of();
    }
    List<Path> files = new ArrayList<>();
    for (int index : census.crashOnlyHolders()) {
      files.add(crasherCopies.copy(census.input(index).content()));
    }
    log.line(
        "%,d features are shown only by inputs that crashed, exited or timed out: %d of them, the"
            + " smallest for each feature, copied to %s (the output keeps no crasher, so that it"
            + " replays without a failure)",
        census.crashOnlyFeatures().length, files.size(), crasherCopies.directory());
    return files;
  }

  /** Lists the crashers, and warns when one finding takes most of the corpus. */
  private void tellCrashers(CoverageCensus census) {
    for (Map.Entry<Integer, Finding> crasher : census.crashers().entrySet()) {
      log.line(
          "%s: %s; not written (try 'whittle minimize')",
          inputs.get(crasher.getKey()).path(), crasher.getValue().describe());
    }
    // A target that fails on nearly every input is more likely broken than buggy.
    List<CorpusMinimizationResult.Crasher> list = census.crasherList();
    CorpusMinimizationResult.dominantFinding(list, inputs.size())
        .ifPresent(
            finding ->
                log.line(
                    "WARNING: %s",
                    CorpusMinimizationResult.dominantFindingWarning(finding, list, inputs.size())));
  }

  /**
   * The selection over {@code candidates} (indices of inputs), each as it is kept if it is, as it
   * was otherwise; as indices of inputs.
   */
  private static CorpusSelection.Selection select(
      CoverageCensus census, KeptInputs kept, List<Integer> candidates) {
    List<long[]> features = new ArrayList<>();
    long[] sizes = new long[candidates.size()];
    for (int k = 0; k < candidates.size(); k++) {
      int index = candidates.get(k);
      KeptInput current = kept.get(index);
      features.add(current != null ? current.features() : census.stableOf(index));
      sizes[k] = current != null ? current.content().length : census.input(index).content().length;
    }
    CorpusSelection.Selection chosen = CorpusSelection.best(features, sizes);
    List<Integer> indices = new ArrayList<>();
    for (int k : chosen.chosen()) {
      indices.add(candidates.get(k));
    }
    return new CorpusSelection.Selection(indices, chosen.strategy(), chosen.bytes());
  }

  /** The selection again over the kept (shrunk) inputs; drops the others' files. */
  private CorpusSelection.Selection reselect(
      CoverageCensus census, FlakyFeatureHolders flaky, KeptInputs kept) throws IOException {
    CorpusSelection.Selection again = select(census, kept, kept.indices());
    List<Integer> dropped = kept.indices();
    dropped.removeAll(again.chosen());
    dropped.removeAll(flaky.inputs());
    for (int index : dropped) {
      kept.drop(index);
    }
    log.line(
        "selected again after shrinking: %d inputs (%s), %,d bytes",
        kept.indices().size(), strategyName(again.strategy()), again.bytes());
    return again;
  }

  /** The result; {@code after} null if interrupted. */
  private CorpusMinimizationResult result(
      CoverageCensus census,
      FlakyFeatureHolders flaky,
      KeptInputs kept,
      int selectedFirst,
      String strategy,
      int shrunk,
      OutputCoverage after,
      List<Path> crasherFiles) {
    log.line("runs per stage: %s", stages.describe());
    Map<Path, Long> outputs = kept.files();
    List<Path> files = new ArrayList<>(outputs.keySet());
    files.sort(null);
    return new CorpusMinimizationResult(
        inputs.size(),
        census.bytes(),
        files.size(),
        outputs.values().stream().mapToLong(Long::longValue).sum(),
        census.universe().length,
        after == null ? -1 : after.stableFeatures().length,
        after == null ? 0 : after.missingFeatures(),
        census.flakyFeatures().length,
        flaky.inputs().size(),
        selectedFirst,
        strategy,
        shrunk,
        targets.runs(),
        (System.nanoTime() - start) / 1_000_000,
        census.crasherList(),
        files,
        after == null,
        stages.asMap(),
        census.crashOnlyFeatures().length,
        crasherFiles);
  }

  private static String strategyName(CorpusSelection.Strategy strategy) {
    return strategy == CorpusSelection.Strategy.GREEDY_SET_COVER
        ? "greedy set cover"
        : "afl-cmin order";
  }
}
