package dev.whittle.jazzer.engine;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.ReductionResult;
import dev.whittle.engine.io.AtomicFiles;
import dev.whittle.jazzer.api.BrokenClassPathException;
import dev.whittle.jazzer.api.CorpusMergeResult;
import dev.whittle.jazzer.api.CorpusMinimizationResult;
import dev.whittle.jazzer.api.CorpusMinimizer;
import dev.whittle.jazzer.api.CorpusOutputException;
import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.spi.CorpusMinimizerEngine;
import dev.whittle.jazzer.coverage.CorpusSelection;
import dev.whittle.jazzer.coverage.CoverageFilter;
import dev.whittle.jazzer.coverage.EdgeNames;
import dev.whittle.jazzer.coverage.FeatureSets;
import dev.whittle.jazzer.runtime.JazzerAgent;
import dev.whittle.jazzer.target.TargetSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apiguardian.api.API;

/**
 * {@link CorpusMinimizer}'s implementation: coverage runs until every feature is stable or flaky,
 * selection, output, shrinking of each kept input against its features, selection again, and the
 * final check.
 */
@API(status = INTERNAL)
public final class InProcessCorpusMinimizerEngine implements CorpusMinimizerEngine {
  @Override
  public CorpusMinimizationResult minimize(
      CorpusMinimizer minimizer, List<Path> arguments, Path output) throws IOException {
    long start = System.nanoTime();
    List<CorpusFiles.Input> inputs = CorpusFiles.read(arguments);
    if (inputs.isEmpty()) {
      throw new IllegalArgumentException("no corpus files in " + arguments);
    }
    boolean created = CorpusFiles.prepareOutput(output, arguments);
    try {
      return minimize(minimizer, inputs, output, start);
    } catch (IOException | RuntimeException | Error e) {
      // A target that cannot load or a broken class path ends it before anything is written.
      CorpusFiles.removeIfEmpty(output, created);
      throw e;
    }
  }

  private static CorpusMinimizationResult minimize(
      CorpusMinimizer minimizer, List<CorpusFiles.Input> inputs, Path output, long start)
      throws IOException {
    // Jazzer's bug detectors only when asked for: they cost seconds, and coverage needs no agent.
    if (JazzerAgent.mode() == JazzerAgent.Mode.ALWAYS) {
      JazzerAgent.ensureInstalled();
    }
    TargetSpec spec = specOf(minimizer);
    EdgeNames names = new EdgeNames();
    try (CoverageSessions sessions =
        new CoverageSessions(
            spec, minimizer.callTimeout(), minimizer.jobs(), names, minimizer.hitCounts())) {
      return new Run(minimizer, inputs, output, sessions, start).minimize();
    }
  }

  /** The target with coverage probes on the classes {@code minimizer} names. */
  static TargetSpec specOf(CorpusMinimizer minimizer) {
    return TargetSpec.of(minimizer.options())
        .withCoverage(new CoverageFilter(minimizer.includes(), minimizer.excludes()));
  }

  @Override
  public CorpusMergeResult mergeInto(CorpusMinimizer minimizer, Path kept, List<Path> arguments)
      throws IOException {
    return KeptCorpusMerge.merge(minimizer, kept, arguments);
  }

  /** One minimization's state. */
  private static final class Run {
    private final CorpusMinimizer minimizer;
    private final List<CorpusFiles.Input> inputs;
    private final Path output;
    private final CoverageSessions sessions;
    private final CorpusFileShrinker shrinker;
    private final long start;
    private final Map<Integer, Finding> crashers = new LinkedHashMap<>();

    /** Stable features of each input run twice (null for a crasher and for one run only). */
    private long[][] stable;

    /** Each input's quicker run of the two, in nanoseconds. */
    private long[] runNanos;

    private long[] universe = new long[0];

    /**
     * Every feature any input showed on either run, flaky ones included: a shrunk file MUST NOT
     * show a feature outside it, or the output would cover code the input corpus does not.
     */
    private long[] seen = new long[0];

    /** What each input showed on any of its runs (null for a crasher). */
    private long[][] observed;

    /**
     * The flaky features (shown by an input on one of its runs only) that some written-able input
     * showed: each keeps the smallest input that showed it, as it is.
     */
    private long[] flakyKept = new long[0];

    /**
     * Inputs kept, unshrunk, for flaky features: each is the smallest input that showed one of
     * them. A flaky feature cannot be confirmed on a candidate (the first-use branch a warm loader
     * never takes again), so a file holding one is not shrunk and no selection drops it.
     */
    private final java.util.Set<Integer> flakyHolders = new TreeSet<>();

    private int flaky;
    private boolean interrupted;
    private int missingAfter;

    /** Kept inputs: index into {@link #inputs} to its current content and features. */
    private final Map<Integer, Kept> kept = new LinkedHashMap<>();

    private final class Kept {
      byte[] content;
      long[] features;
      Path file;

      Kept(byte[] content, long[] features, Path file) {
        this.content = content;
        this.features = features;
        this.file = file;
      }
    }

    Run(
        CorpusMinimizer minimizer,
        List<CorpusFiles.Input> inputs,
        Path output,
        CoverageSessions sessions,
        long start) {
      this.minimizer = minimizer;
      this.inputs = inputs;
      this.output = output;
      this.sessions = sessions;
      this.shrinker = new CorpusFileShrinker(minimizer, sessions);
      this.start = start;
    }

    private void log(String format, Object... args) {
      minimizer.log().accept("whittle: " + String.format(Locale.ROOT, format, args));
    }

    CorpusMinimizationResult minimize() throws IOException {
      long bytesBefore = inputs.stream().mapToLong(input -> input.content().length).sum();
      log(
          "corpus: %d distinct inputs, %,d bytes; running each once, and again those a selection"
              + " keeps, for stable features",
          inputs.size(), bytesBefore);
      if (!confirmStableFeatures()) {
        interrupted = true;
        log("interrupted before the selection: nothing written");
        return result(bytesBefore, 0, "NONE", 0, new long[0]);
      }
      for (Map.Entry<Integer, Finding> crasher : crashers.entrySet()) {
        log(
            "%s: %s; not written (try 'whittle minimize')",
            inputs.get(crasher.getKey()).path(), crasher.getValue().describe());
      }
      warnIfOneFindingTakesMostOfTheCorpus();

      CorpusSelection.Selection selection = select(indicesOfStable());
      int selectedFirst = selection.chosen().size();
      for (int index : selection.chosen()) {
        keepOriginal(index);
      }
      chooseFlakyHolders();
      int added = 0;
      for (int index : flakyHolders) {
        if (!kept.containsKey(index)) {
          keepOriginal(index);
          added++;
        }
      }
      log(
          "selected %d of %d inputs (%s), %,d bytes; %,d features; %,d flaky, kept in %,d inputs"
              + " left as they are (%,d more)",
          selectedFirst,
          inputs.size() - crashers.size(),
          strategyName(selection.strategy()),
          selection.bytes(),
          universe.length,
          flaky,
          flakyHolders.size(),
          added);

      int shrunk = 0;
      String strategy = selection.strategy().name();
      if (minimizer.shrinking()) {
        shrunk = shrinkAll();
        boolean interruptedNow = Thread.interrupted();
        interrupted |= interruptedNow;
        if (!interrupted) {
          CorpusSelection.Selection again = reselect();
          strategy = again.strategy().name();
        }
      }
      long[] after = interrupted ? new long[0] : finalCheck();
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
      return result(bytesBefore, selectedFirst, strategy, shrunk, after);
    }

    /**
     * Runs every input once, then a second time those that a selection over the first run's
     * features would keep, and then, as long as a feature of the first run is confirmed by no
     * second run, the inputs that showed it, smallest first: a feature is stable once an input
     * shows it on both of its runs. The stable features come out as with two runs of every input
     * (each feature seen once is given every chance to show twice), for about one run of the corpus
     * and one of what is kept. Sets {@link #stable} (null for inputs run once and for crashers),
     * {@link #universe}, {@link #seen} and {@link #flaky}; false if interrupted.
     */
    private boolean confirmStableFeatures() {
      List<long[]> first = runAll("first run", corpusContents(), true);
      if (first == null) {
        return false;
      }
      stable = new long[inputs.size()][];
      observed = new long[inputs.size()][];
      List<Integer> candidates = new ArrayList<>();
      List<long[]> firstFeatures = new ArrayList<>();
      for (int i = 0; i < inputs.size(); i++) {
        if (!crashers.containsKey(i)) {
          candidates.add(i);
          firstFeatures.add(first.get(i));
          observed[i] = first.get(i);
        }
      }
      long[] sizes = candidates.stream().mapToLong(i -> inputs.get(i).content().length).toArray();
      long[] onceSeen = CorpusSelection.union(firstFeatures);
      List<Integer> again = new ArrayList<>();
      for (int k : CorpusSelection.best(firstFeatures, sizes).chosen()) {
        again.add(candidates.get(k));
      }
      List<long[]> flakyPerInput = new ArrayList<>();
      long[] confirmed = new long[0];
      while (!again.isEmpty()) {
        List<byte[]> contents = new ArrayList<>();
        for (int index : again) {
          contents.add(inputs.get(index).content());
        }
        List<long[]> second = runAll("second run", contents, again);
        if (second == null) {
          return false;
        }
        for (int k = 0; k < again.size(); k++) {
          int index = again.get(k);
          if (crashers.containsKey(index)) {
            observed[index] = null;
            continue;
          }
          stable[index] = FeatureSets.intersection(first.get(index), second.get(k));
          observed[index] = CorpusSelection.union(List.of(first.get(index), second.get(k)));
          flakyPerInput.add(
              FeatureSets.difference(
                  CorpusSelection.union(List.of(first.get(index), second.get(k))), stable[index]));
          confirmed = CorpusSelection.union(List.of(confirmed, stable[index]));
        }
        again = unconfirmedHolders(first, FeatureSets.difference(onceSeen, confirmed));
      }
      universe = confirmed;
      seen = CorpusSelection.union(List.of(onceSeen, CorpusSelection.union(flakyPerInput)));
      flaky = FeatureSets.difference(seen, universe).length;
      return true;
    }

    private void keepOriginal(int index) throws IOException {
      Path file = write(inputs.get(index).content());
      kept.put(index, new Kept(inputs.get(index).content(), stableOf(index), file));
    }

    private long[] stableOf(int index) {
      return stable[index] == null ? new long[0] : stable[index];
    }

    /**
     * Sets {@link #flakyKept} and {@link #flakyHolders}: for every flaky feature that an input
     * which is no crasher showed, the smallest such input (ties: the first).
     */
    private void chooseFlakyHolders() {
      long[] flakyFeatures = FeatureSets.difference(seen, universe);
      List<Integer> bySize = bySize(index -> observed[index] != null);
      long[] left = flakyFeatures;
      for (int index : bySize) {
        if (left.length == 0) {
          break;
        }
        long[] shown = FeatureSets.intersection(observed[index], left);
        if (shown.length > 0) {
          flakyHolders.add(index);
          left = FeatureSets.difference(left, shown);
        }
      }
      // What is left was shown only by inputs that crashed on another run: nothing can keep it.
      flakyKept = FeatureSets.difference(flakyFeatures, left);
    }

    /** The inputs that are no crashers and pass {@code filter}, smallest first (ties: first). */
    private List<Integer> bySize(java.util.function.IntPredicate filter) {
      List<Integer> order = new ArrayList<>();
      for (int i = 0; i < inputs.size(); i++) {
        if (!crashers.containsKey(i) && filter.test(i)) {
          order.add(i);
        }
      }
      order.sort(
          (a, b) ->
              inputs.get(a).content().length != inputs.get(b).content().length
                  ? Integer.compare(inputs.get(a).content().length, inputs.get(b).content().length)
                  : Integer.compare(a, b));
      return order;
    }

    /**
     * Stops at an input whose run threw a linkage error, before anything is written: the target's
     * classes do not fit together, and every input that reaches the same code would be taken for a
     * crasher and left out (issue 17: 514 of 515 inputs of a sample corpus, on a class path with a
     * commons-io too old for the commons-csv that called it).
     */
    private void failIfClassPathBroken(int index, Finding finding) {
      if (finding.classPathProblem().isPresent()) {
        throw new BrokenClassPathException(inputs.get(index).path().toString(), finding);
      }
    }

    /**
     * Says loudly when more than half of the corpus crashes with one finding: such a corpus keeps
     * little, and a target that fails on nearly every input is more likely broken than buggy.
     */
    private void warnIfOneFindingTakesMostOfTheCorpus() {
      List<CorpusMinimizationResult.Crasher> list = crasherList();
      CorpusMinimizationResult.dominantFinding(list, inputs.size())
          .ifPresent(
              finding ->
                  log(
                      "WARNING: %s",
                      CorpusMinimizationResult.dominantFindingWarning(
                          finding, list, inputs.size())));
    }

    /**
     * For each feature of {@code unconfirmed}, the smallest input run once so far whose first run
     * showed it (none when every input that showed it has run twice).
     */
    private List<Integer> unconfirmedHolders(List<long[]> first, long[] unconfirmed) {
      TreeSet<Integer> holders = new TreeSet<>();
      long[] left = unconfirmed;
      List<Integer> bySize = new ArrayList<>();
      for (int i = 0; i < inputs.size(); i++) {
        if (stable[i] == null && !crashers.containsKey(i)) {
          bySize.add(i);
        }
      }
      bySize.sort(
          (a, b) ->
              inputs.get(a).content().length != inputs.get(b).content().length
                  ? Integer.compare(inputs.get(a).content().length, inputs.get(b).content().length)
                  : Integer.compare(a, b));
      for (int index : bySize) {
        if (left.length == 0) {
          break;
        }
        long[] shown = FeatureSets.intersection(first.get(index), left);
        if (shown.length > 0) {
          holders.add(index);
          left = FeatureSets.difference(left, shown);
        }
      }
      return new ArrayList<>(holders);
    }

    private List<byte[]> corpusContents() {
      return inputs.stream().map(CorpusFiles.Input::content).toList();
    }

    private List<Integer> indicesOfStable() {
      List<Integer> indices = new ArrayList<>();
      for (int i = 0; i < inputs.size(); i++) {
        if (stable[i] != null) {
          indices.add(i);
        }
      }
      return indices;
    }

    /** The selection over {@code candidates} (indices of inputs), as indices of inputs. */
    private CorpusSelection.Selection select(List<Integer> candidates) {
      List<long[]> features = new ArrayList<>();
      long[] sizes = new long[candidates.size()];
      for (int k = 0; k < candidates.size(); k++) {
        int index = candidates.get(k);
        Kept current = kept.get(index);
        features.add(current != null ? current.features : stable[index]);
        sizes[k] = current != null ? current.content.length : inputs.get(index).content().length;
      }
      CorpusSelection.Selection chosen = CorpusSelection.best(features, sizes);
      List<Integer> indices = new ArrayList<>();
      for (int k : chosen.chosen()) {
        indices.add(candidates.get(k));
      }
      return new CorpusSelection.Selection(indices, chosen.strategy(), chosen.bytes());
    }

    /**
     * Runs every content once, on the sessions' jobs at once. Null if interrupted. In a pass over
     * the corpus ({@code corpusPass}), inputs with a finding join {@link #crashers} (the first
     * finding stays).
     */
    private List<long[]> runAll(String what, List<byte[]> contents, boolean corpusPass) {
      List<Integer> all = new ArrayList<>();
      for (int i = 0; i < contents.size(); i++) {
        all.add(i);
      }
      return runAll(what, contents, corpusPass ? all : null);
    }

    /**
     * Runs every content once; {@code corpusIndices}, when not null, says which input each content
     * is (a pass over the corpus), whose findings and run times are kept.
     */
    private List<long[]> runAll(String what, List<byte[]> contents, List<Integer> corpusIndices) {
      boolean corpusPass = corpusIndices != null;
      if (runNanos == null) {
        runNanos = new long[inputs.size()];
        Arrays.fill(runNanos, Long.MAX_VALUE);
      }
      long[][] features = new long[contents.size()][];
      Finding[] findings = new Finding[contents.size()];
      ProgressLine progress = new ProgressLine(what, contents.size());
      if (minimizer.jobs() == 1) {
        for (int i = 0; i < contents.size(); i++) {
          CoverageSessions.Run run = sessions.run(contents.get(i));
          if (run == null) {
            return null;
          }
          features[i] = run.features();
          findings[i] = run.finding();
          if (corpusPass) {
            int input = corpusIndices.get(i);
            runNanos[input] = Math.min(runNanos[input], run.nanos());
          }
          progress.done(i + 1);
        }
      } else {
        ExecutorService pool = Executors.newFixedThreadPool(minimizer.jobs());
        try {
          List<Future<CoverageSessions.Run>> futures = new ArrayList<>();
          for (byte[] content : contents) {
            futures.add(pool.submit(() -> sessions.run(content)));
          }
          for (int i = 0; i < futures.size(); i++) {
            CoverageSessions.Run run = futures.get(i).get();
            if (run == null) {
              return null;
            }
            features[i] = run.features();
            findings[i] = run.finding();
            if (corpusPass) {
              int input = corpusIndices.get(i);
              runNanos[input] = Math.min(runNanos[input], run.nanos());
            }
            progress.done(i + 1);
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return null;
        } catch (ExecutionException e) {
          throw new IllegalStateException("a coverage run failed: " + e.getCause(), e.getCause());
        } finally {
          pool.shutdownNow();
        }
      }
      for (int i = 0; i < findings.length; i++) {
        if (findings[i] != null && corpusPass) {
          failIfClassPathBroken(corpusIndices.get(i), findings[i]);
          crashers.putIfAbsent(corpusIndices.get(i), findings[i]);
        }
      }
      List<long[]> list = new ArrayList<>();
      for (long[] f : features) {
        list.add(f);
      }
      return list;
    }

    /**
     * Shrinks each kept input, largest first: in turn with one job, each keeping what no other kept
     * input has at its turn; with more, that many at once, each keeping the features it owns
     * ({@link FeatureOwnership}). Returns how many got smaller.
     */
    private int shrinkAll() throws IOException {
      List<Integer> order = new ArrayList<>(kept.keySet());
      order.sort(
          (a, b) ->
              Integer.compare(kept.get(b).content.length, kept.get(a).content.length) != 0
                  ? Integer.compare(kept.get(b).content.length, kept.get(a).content.length)
                  : Integer.compare(a, b));
      return minimizer.jobs() == 1 ? shrinkInTurn(order) : shrinkAtOnce(order);
    }

    private int shrinkInTurn(List<Integer> order) throws IOException {
      int shrunk = 0;
      int done = 0;
      List<long[]> keptFeatures = new ArrayList<>();
      for (Kept entry : kept.values()) {
        keptFeatures.add(entry.features);
      }
      FeatureHolders holders = new FeatureHolders(universe, keptFeatures);
      for (int index : order) {
        if (Thread.currentThread().isInterrupted()) {
          break;
        }
        long[] before = kept.get(index).features;
        if (shrinkOne(index, required(index, holders), ++done, order.size())) {
          shrunk++;
        }
        Kept after = kept.get(index);
        holders.replace(before, after == null ? null : after.features);
      }
      return shrunk;
    }

    private int shrinkAtOnce(List<Integer> order) throws IOException {
      List<long[]> features = new ArrayList<>();
      long[] sizes = new long[order.size()];
      for (int k = 0; k < order.size(); k++) {
        features.add(kept.get(order.get(k)).features);
        sizes[k] = kept.get(order.get(k)).content.length;
      }
      List<long[]> owned =
          minimizer.keepAllFeatures() ? features : FeatureOwnership.owned(features, sizes);
      AtomicInteger done = new AtomicInteger();
      AtomicInteger shrunk = new AtomicInteger();
      ExecutorService pool = Executors.newFixedThreadPool(minimizer.jobs());
      try {
        List<Future<?>> futures = new ArrayList<>();
        for (int k = 0; k < order.size(); k++) {
          int index = order.get(k);
          long[] required = owned.get(k);
          futures.add(
              pool.submit(
                  () -> {
                    if (shrinkOne(index, required, done.incrementAndGet(), order.size())) {
                      shrunk.incrementAndGet();
                    }
                    return null;
                  }));
        }
        for (Future<?> future : futures) {
          future.get();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (ExecutionException e) {
        if (e.getCause() instanceof IOException io) {
          throw io;
        }
        throw new IllegalStateException("shrinking failed: " + e.getCause(), e.getCause());
      } finally {
        pool.shutdownNow();
        awaitQuietly(pool);
      }
      return shrunk.get();
    }

    /**
     * Shrinks kept input {@code index} against {@code required}; whether it got smaller. An input
     * that must keep nothing adds nothing and goes. Thread-safe with other calls for other inputs.
     */
    private boolean shrinkOne(int index, long[] required, int done, int of) throws IOException {
      Kept entry;
      if (flakyHolders.contains(index)) {
        log(
            "shrank %d/%d (%s): left as it is, it holds flaky features",
            done, of, inputs.get(index).path().getFileName());
        return false;
      }
      synchronized (kept) {
        entry = kept.get(index);
        if (required.length == 0) {
          kept.remove(index);
          deleteUnlessKept(entry.file);
          return false;
        }
      }
      if (Thread.currentThread().isInterrupted()) {
        return false; // Stopped before its turn: it stays as selected.
      }
      if (tooSlowToShrink(index)) {
        log(
            "shrank %d/%d (%s): left as it is, %,d ms a run",
            done, of, inputs.get(index).path().getFileName(), runNanos[index] / 1_000_000);
        return false;
      }
      int before = entry.content.length;
      ReductionResult<byte[]> reduction = shrink(entry.content, required);
      byte[] smaller = reduction == null ? null : reduction.reduced();
      boolean wasInterrupted = Thread.interrupted();
      boolean smallerKept = false;
      if (smaller != null && smaller.length < before) {
        long[] features = stableFeatures(smaller);
        if (features != null
            && FeatureSets.containsAll(features, required)
            && FeatureSets.containsAll(seen, features)) {
          synchronized (kept) {
            replace(index, smaller, FeatureSets.intersection(features, universe));
          }
          smallerKept = true;
        }
      }
      log(
          "shrank %d/%d (%s): %,d -> %,d bytes%s",
          done,
          of,
          inputs.get(index).path().getFileName(),
          before,
          entry.content.length,
          reduction == null
              ? ""
              : String.format(
                  " (%,d runs, %,d ms)", reduction.oracleCalls(), reduction.elapsed().toMillis()));
      if (wasInterrupted) {
        Thread.currentThread().interrupt();
      }
      return smallerKept;
    }

    /**
     * Waits for the jobs that were told to stop, so that no file is replaced after the result is
     * made; keeps the caller's interrupt.
     */
    private static void awaitQuietly(ExecutorService pool) {
      boolean interrupted = Thread.interrupted();
      try {
        while (!pool.awaitTermination(1, TimeUnit.SECONDS)) {
          // Each job ends with its current run; a run that hangs ends at the call timeout.
        }
      } catch (InterruptedException e) {
        interrupted = true;
      } finally {
        if (interrupted) {
          Thread.currentThread().interrupt();
        }
      }
    }

    /**
     * Whether input {@code index} runs so slowly that its time per file buys fewer runs than a
     * search needs to get anywhere ({@link CorpusFileShrinker#USEFUL_RUNS}): a metadata-extractor
     * ICO file declaring thousands of images takes 40 ms a run, so a second buys 25, and shrinking
     * it found nothing but cost its whole second.
     */
    private boolean tooSlowToShrink(int index) {
      return runNanos[index]
          > minimizer.maxTimePerInput().toNanos() / CorpusFileShrinker.USEFUL_RUNS;
    }

    /**
     * What input {@code index} MUST keep: the features no other kept input has ({@code holders}
     * counts them), or all. Kept features are stable ones, so all of them lie in the universe.
     */
    private long[] required(int index, FeatureHolders holders) {
      long[] own = kept.get(index).features;
      return minimizer.keepAllFeatures() ? own : holders.heldOnlyBy(own);
    }

    /** The reduction of {@code content} against {@code required}; null if it could not run. */
    private ReductionResult<byte[]> shrink(byte[] content, long[] required) {
      return shrinker.shrink(content, required, seen);
    }

    /** The features {@code content} shows on two runs; null if it crashes or was interrupted. */
    private long[] stableFeatures(byte[] content) {
      return shrinker.stableFeatures(content);
    }

    private void replace(int index, byte[] content, long[] features) throws IOException {
      Kept entry = kept.get(index);
      Path old = entry.file;
      Path file = write(content);
      entry.content = content;
      entry.features = features;
      entry.file = file;
      deleteUnlessKept(old);
    }

    /** The selection again over the kept (shrunk) inputs; drops the others' files. */
    private CorpusSelection.Selection reselect() throws IOException {
      CorpusSelection.Selection again = select(new ArrayList<>(kept.keySet()));
      List<Integer> dropped = new ArrayList<>(kept.keySet());
      dropped.removeAll(again.chosen());
      dropped.removeAll(flakyHolders);
      for (int index : dropped) {
        deleteUnlessKept(kept.remove(index).file);
      }
      log(
          "selected again after shrinking: %d inputs (%s), %,d bytes",
          kept.size(), strategyName(again.strategy()), again.bytes());
      return again;
    }

    /**
     * Runs every output file twice and compares what they show with the input corpus: every stable
     * feature must be stable on some output file, every flaky feature kept ({@link #flakyKept})
     * shown on some run of one. An output file that is an input as it was counts what that input
     * showed before, whichever job's loader ran it. A feature that went missing brings back, as it
     * is, the smallest original input that showed it; that input then counts what it showed, so one
     * pass over the inputs ends with nothing missing. Returns the output's stable features.
     */
    private long[] finalCheck() throws IOException {
      List<Integer> order = new ArrayList<>(kept.keySet());
      List<byte[]> contents = new ArrayList<>();
      for (int index : order) {
        contents.add(kept.get(index).content);
      }
      List<long[]> first = runAll("final check", contents, false);
      List<long[]> second = first == null ? null : runAll("final check", contents, false);
      if (second == null) {
        interrupted = true;
        return new long[0];
      }
      List<long[]> stableAfter = new ArrayList<>();
      List<long[]> shownAfter = new ArrayList<>();
      for (int k = 0; k < order.size(); k++) {
        stableAfter.add(FeatureSets.intersection(first.get(k), second.get(k)));
        shownAfter.add(first.get(k));
        shownAfter.add(second.get(k));
        int index = order.get(k);
        if (kept.get(index).content == inputs.get(index).content()) {
          stableAfter.add(stableOf(index));
          shownAfter.add(observed[index]);
        }
      }
      long[] after = CorpusSelection.union(stableAfter);
      long[] shown = CorpusSelection.union(shownAfter);
      long[] missingStable = FeatureSets.difference(universe, after);
      long[] missingFlaky = FeatureSets.difference(flakyKept, shown);
      if (missingStable.length + missingFlaky.length > 0) {
        log(
            "final check: %,d features missing (%,d of them flaky); bringing back original inputs",
            missingStable.length + missingFlaky.length, missingFlaky.length);
        for (int index : bySize(i -> observed[i] != null)) {
          if (missingStable.length + missingFlaky.length == 0) {
            break;
          }
          boolean brings =
              FeatureSets.intersection(stableOf(index), missingStable).length > 0
                  || FeatureSets.intersection(observed[index], missingFlaky).length > 0;
          Kept entry = kept.get(index);
          if (!brings || (entry != null && entry.content == inputs.get(index).content())) {
            continue;
          }
          restoreOriginal(index);
          missingStable = FeatureSets.difference(missingStable, stableOf(index));
          missingFlaky = FeatureSets.difference(missingFlaky, observed[index]);
          after = CorpusSelection.union(List.of(after, stableOf(index)));
          shown = CorpusSelection.union(List.of(shown, observed[index]));
        }
      }
      missingAfter = missingStable.length + missingFlaky.length;
      long[] preserved = FeatureSets.intersection(after, universe);
      long[] unseen = FeatureSets.difference(shown, seen);
      log(
          "final check: %s (%,d of %,d stable features; %,d of %,d flaky ones; %,d new)",
          missingAfter == 0 ? "every feature of the input corpus is kept" : "FEATURES LOST",
          preserved.length,
          universe.length,
          flakyKept.length - missingFlaky.length,
          flakyKept.length,
          unseen.length);
      return after;
    }

    /** Puts input {@code index} into the output as it was, in place of its shrunk form if kept. */
    private void restoreOriginal(int index) throws IOException {
      Kept entry = kept.get(index);
      if (entry == null) {
        keepOriginal(index);
        return;
      }
      Path old = entry.file;
      entry.file = write(inputs.get(index).content());
      entry.content = inputs.get(index).content();
      entry.features = stableOf(index);
      deleteUnlessKept(old);
    }

    /** Deletes {@code file} unless a kept input (one with the same content) still has it. */
    private void deleteUnlessKept(Path file) throws IOException {
      if (kept.values().stream().noneMatch(other -> other.file.equals(file))) {
        try {
          Files.deleteIfExists(file);
        } catch (IOException e) {
          throw new CorpusOutputException(
              output,
              "cannot delete "
                  + file.getFileName()
                  + ", replaced by a smaller file, from the output directory "
                  + output
                  + ": "
                  + CorpusFiles.reason(e),
              e);
        }
      }
    }

    private Path write(byte[] content) throws IOException {
      Path file = output.resolve(CorpusFiles.sha1Of(content));
      try {
        AtomicFiles.write(file, content);
      } catch (IOException e) {
        throw new CorpusOutputException(
            output,
            "cannot write "
                + file.getFileName()
                + " into the output directory "
                + output
                + ": "
                + CorpusFiles.reason(e)
                + "; the output is incomplete, the input corpus untouched",
            e);
      }
      return file;
    }

    private CorpusMinimizationResult result(
        long bytesBefore, int selectedFirst, String strategy, int shrunk, long[] after) {
      List<CorpusMinimizationResult.Crasher> crasherList = crasherList();
      Map<Path, Long> outputs = new HashMap<>();
      for (Kept entry : kept.values()) {
        outputs.put(entry.file, (long) entry.content.length);
      }
      List<Path> files = new ArrayList<>(outputs.keySet());
      files.sort(null);
      long bytesAfter = outputs.values().stream().mapToLong(Long::longValue).sum();
      int missing = interrupted ? 0 : missingAfter;
      return new CorpusMinimizationResult(
          inputs.size(),
          bytesBefore,
          files.size(),
          bytesAfter,
          universe.length,
          interrupted ? -1 : after.length,
          missing,
          flaky,
          flakyHolders.size(),
          selectedFirst,
          strategy,
          shrunk,
          sessions.runs(),
          (System.nanoTime() - start) / 1_000_000,
          crasherList,
          files,
          interrupted);
    }

    private List<CorpusMinimizationResult.Crasher> crasherList() {
      List<CorpusMinimizationResult.Crasher> list = new ArrayList<>();
      for (Map.Entry<Integer, Finding> crasher : crashers.entrySet()) {
        list.add(
            new CorpusMinimizationResult.Crasher(
                inputs.get(crasher.getKey()).path(), crasher.getValue()));
      }
      return list;
    }

    private static String strategyName(CorpusSelection.Strategy strategy) {
      return strategy == CorpusSelection.Strategy.GREEDY_SET_COVER
          ? "greedy set cover"
          : "afl-cmin order";
    }

    /** A progress line about once a second. */
    private final class ProgressLine {
      private final String what;
      private final int total;
      private long next = System.nanoTime() + 1_000_000_000L;

      ProgressLine(String what, int total) {
        this.what = what;
        this.total = total;
      }

      void done(int count) {
        if (System.nanoTime() >= next) {
          log("%s: %,d of %,d inputs", what, count, total);
          next = System.nanoTime() + 1_000_000_000L;
        }
      }
    }
  }
}
