package dev.whittle.jazzer.corpus;

import static com.google.common.base.Preconditions.checkArgument;

import dev.whittle.api.ReductionResult;
import dev.whittle.jazzer.api.BrokenClassPathException;
import dev.whittle.jazzer.api.CorpusMergeResult;
import dev.whittle.jazzer.api.CorpusMinimizationResult;
import dev.whittle.jazzer.api.CorpusMinimizer;
import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.bytecode.analysis.EdgeNames;
import dev.whittle.jazzer.bytecode.analysis.FeatureSets;
import dev.whittle.jazzer.output.CorpusPaths;
import dev.whittle.jazzer.output.KeptCorpusAdditions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * {@link CorpusMinimizer#mergeInto}: libFuzzer's {@code -merge=1 KEPT NEW...}. The kept corpus is
 * only read and added to; its features are those it shows on any of two runs, so that a flaky
 * feature it holds is not taken for new (the selection of a corpus counts flaky features the same
 * way).
 */
final class KeptCorpusMerge {
  private final CorpusMinimizer minimizer;
  private final Path kept;
  private final KeptCorpusAdditions additions;
  private final List<CorpusInput> keptInputs;
  private final List<CorpusInput> fresh;
  private final CorpusTargetPool targets;
  private final CorpusFileShrinker shrinker;
  private final CorpusLog log;
  private final List<CorpusMinimizationResult.Crasher> crashers = new ArrayList<>();
  private final List<Path> added = new ArrayList<>();
  private long bytesAdded;
  private int shrunk;
  private long[] covered = new long[0];

  private KeptCorpusMerge(
      CorpusMinimizer minimizer,
      Path kept,
      KeptCorpusAdditions additions,
      List<CorpusInput> keptInputs,
      List<CorpusInput> fresh,
      CorpusTargetPool targets) {
    this.minimizer = minimizer;
    this.kept = kept;
    this.additions = additions;
    this.keptInputs = keptInputs;
    this.fresh = fresh;
    this.targets = targets;
    this.shrinker = new CorpusFileShrinker(minimizer, targets);
    this.log = new CorpusLog(minimizer.log());
  }

  static CorpusMergeResult merge(CorpusMinimizer minimizer, Path kept, List<Path> arguments)
      throws IOException {
    long start = System.nanoTime();
    checkKept(kept, arguments);
    List<CorpusInput> keptInputs = CorpusFiles.read(List.of(kept));
    Set<String> held = new HashSet<>();
    for (CorpusInput input : keptInputs) {
      held.add(input.sha1());
    }
    List<CorpusInput> fresh = new ArrayList<>();
    for (CorpusInput input : CorpusFiles.read(arguments)) {
      if (!held.contains(input.sha1())) {
        fresh.add(input);
      }
    }
    // Smallest first, as libFuzzer's merge takes them: a feature goes to the smallest new input.
    fresh.sort(Comparator.comparingInt(input -> input.content().length));
    KeptCorpusAdditions additions = KeptCorpusAdditions.open(kept);
    // One target: the merge runs its inputs in turn, and each more job would cost a warm-up.
    try (CorpusTargetPool targets =
        new CorpusTargetPool(CorpusTarget.loader(minimizer, new EdgeNames()), 1)) {
      return new KeptCorpusMerge(minimizer, kept, additions, keptInputs, fresh, targets).run(start);
    }
  }

  /**
   * The kept corpus MUST be an existing directory outside every new input directory, symbolic links
   * resolved.
   */
  private static void checkKept(Path kept, List<Path> arguments) throws IOException {
    if (!Files.exists(kept)) {
      throw new IOException("the kept corpus directory " + kept + " does not exist");
    }
    if (!Files.isDirectory(kept)) {
      throw new IOException("the kept corpus " + kept + " is not a directory");
    }
    for (Path argument : arguments) {
      checkArgument(
          !CorpusPaths.isIn(kept, argument),
          "the kept corpus %s lies in the new corpus %s, which is never modified",
          kept,
          argument);
    }
  }

  private CorpusMergeResult run(long start) throws IOException {
    int keptFeatures = -1;
    int newFeatures = 0;
    boolean interrupted = !coverKept();
    if (!interrupted) {
      keptFeatures = covered.length;
      log.line(
          "kept corpus %s: %,d files, %,d features; %,d new inputs to merge",
          kept, keptInputs.size(), covered.length, fresh.size());
      List<long[]> firstRuns = runFreshOnce();
      interrupted = firstRuns == null;
      if (!interrupted) {
        interrupted = !addNewCoverage(firstRuns);
        newFeatures = covered.length - keptFeatures;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    added.sort(null);
    log.line(
        "added %,d files, %,d bytes, with %,d new features%s",
        added.size(), bytesAdded, newFeatures, interrupted ? " (interrupted)" : "");
    targets.movedGlobalsWarning().ifPresent(warning -> log.line("%s", warning));
    return new CorpusMergeResult(
        keptInputs.size(),
        Math.max(keptFeatures, 0),
        fresh.size(),
        added,
        bytesAdded,
        newFeatures,
        shrunk,
        crashers,
        targets.runs(),
        (System.nanoTime() - start) / 1_000_000,
        interrupted);
  }

  /** Runs every kept file twice; what any run shows is covered. False if interrupted. */
  private boolean coverKept() {
    List<long[]> shown = new ArrayList<>();
    for (CorpusInput input : keptInputs) {
      for (int round = 0; round < 2; round++) {
        CoverageRun run = targets.run(input.content());
        if (run == null) {
          return false;
        }
        failIfClassPathBroken(input, run.finding());
        shown.add(run.features());
      }
    }
    covered = CorpusSelection.union(shown);
    return true;
  }

  /**
   * Runs every new input once before anything is added, so that a broken class path stops the merge
   * with the kept corpus as it was. Null if interrupted; crashers get a null entry.
   */
  private List<long[]> runFreshOnce() {
    List<long[]> features = new ArrayList<>();
    for (CorpusInput input : fresh) {
      CoverageRun run = targets.run(input.content());
      if (run == null) {
        return null;
      }
      failIfClassPathBroken(input, run.finding());
      if (run.finding() != null) {
        crash(input, run.finding());
        features.add(null);
      } else {
        features.add(run.features());
      }
    }
    return features;
  }

  /**
   * Adds, smallest first, every new input that shows a feature not yet covered, shrunk to keep
   * those features when they are stable. False if interrupted.
   */
  private boolean addNewCoverage(List<long[]> firstRuns) throws IOException {
    for (int i = 0; i < fresh.size(); i++) {
      long[] first = firstRuns.get(i);
      if (first == null || FeatureSets.difference(first, covered).length == 0) {
        continue;
      }
      CorpusInput input = fresh.get(i);
      CoverageRun second = targets.run(input.content());
      if (second == null) {
        return false;
      }
      if (second.finding() != null) {
        crash(input, second.finding());
        continue;
      }
      long[] shown = CorpusSelection.union(List.of(first, second.features()));
      long[] stable = FeatureSets.intersection(first, second.features());
      long[] newShown = FeatureSets.difference(shown, covered);
      long[] newStable = FeatureSets.difference(stable, covered);
      boolean flaky = newStable.length < newShown.length;
      if (!add(input, flaky ? null : newStable, shown)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Writes {@code input}, shrunk to keep {@code required} if that is not null and shrinking is on;
   * the features it then shows join {@link #covered}. False if interrupted (the file is written
   * whole all the same).
   */
  private boolean add(CorpusInput input, long[] required, long[] shown) throws IOException {
    byte[] content = input.content();
    long[] features = shown;
    boolean interrupted = false;
    if (required != null && minimizer.shrinking()) {
      ReductionResult<byte[]> reduction = shrinker.shrink(content, required, null);
      interrupted = Thread.interrupted();
      if (!interrupted && reduction != null && reduction.reduced().length < content.length) {
        long[] check = shrinker.stableFeatures(reduction.reduced());
        interrupted = Thread.interrupted();
        if (check != null && FeatureSets.containsAll(check, required)) {
          content = reduction.reduced();
          features = check;
          shrunk++;
        }
      }
    }
    write(input, content);
    covered = CorpusSelection.union(List.of(covered, features));
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    return !interrupted;
  }

  /** Writes {@code content} into the kept corpus under its SHA-1, never over an existing file. */
  private void write(CorpusInput input, byte[] content) throws IOException {
    if (!additions.add(content)) {
      log.line(
          "%s: %s already exists in the kept corpus; left as it is",
          input.path(), additions.fileOf(content));
      return;
    }
    Path file = additions.fileOf(content);
    added.add(file);
    bytesAdded += content.length;
    log.line(
        "added %s (%,d of %,d bytes) from %s",
        file.getFileName(), content.length, input.content().length, input.path());
  }

  private void crash(CorpusInput input, Finding finding) {
    crashers.add(new CorpusMinimizationResult.Crasher(input.path(), finding));
    log.line("%s: %s; not added (try 'whittle minimize')", input.path(), finding.describe());
  }

  /** A linkage error is a broken class path, not a crashing input: stop before adding anything. */
  private static void failIfClassPathBroken(CorpusInput input, Finding finding) {
    if (finding != null && finding.classPathProblem().isPresent()) {
      throw new BrokenClassPathException(input.path().toString(), finding);
    }
  }
}
