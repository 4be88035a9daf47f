package dev.whittle.jazzer.corpus;

import dev.whittle.api.ReductionResult;
import dev.whittle.api.StopReason;
import dev.whittle.jazzer.api.CorpusMinimizer;
import dev.whittle.jazzer.bytecode.analysis.FeatureSets;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Shrinks every kept input, largest first, on the jobs, each against what it must keep ({@link
 * RequiredFeatures}) and the features seen, and keeps a smaller form only when two runs confirm it
 * shows all it must and nothing the input corpus does not.
 */
final class KeptInputsShrinker {
  private final CorpusMinimizer minimizer;
  private final CoverageCensus census;
  private final FlakyFeatureHolders flaky;
  private final KeptInputs kept;
  private final CorpusFileShrinker shrinker;
  private final CorpusJobs jobs;
  private final CorpusLog log;

  /**
   * The smallest size a search that ran to its end left a file at, in this minimization: larger
   * files, with more to give, got no smaller. A file no larger than it whose last byte cannot go is
   * most likely at its format's floor already (a TAR file of one 512-byte block), and its search
   * would be the proof that no byte can go, about a run per byte for nothing.
   */
  private final AtomicInteger floor = new AtomicInteger(Integer.MAX_VALUE);

  KeptInputsShrinker(
      CorpusMinimizer minimizer,
      CoverageCensus census,
      FlakyFeatureHolders flaky,
      KeptInputs kept,
      CorpusFileShrinker shrinker,
      CorpusJobs jobs,
      CorpusLog log) {
    this.minimizer = minimizer;
    this.census = census;
    this.flaky = flaky;
    this.kept = kept;
    this.shrinker = shrinker;
    this.jobs = jobs;
    this.log = log;
  }

  /** How many got smaller; stops early, with the files as they are then, if interrupted. */
  int shrinkAll() throws IOException {
    List<Integer> order = kept.largestFirst();
    RequiredFeatures required =
        RequiredFeatures.of(
            minimizer.keepAllFeatures(), jobs.jobs(), census.universe(), kept, order);
    AtomicInteger done = new AtomicInteger();
    AtomicInteger shrunk = new AtomicInteger();
    List<Callable<Boolean>> tasks = new ArrayList<>();
    for (int index : order) {
      tasks.add(
          () -> {
            long[] before = kept.get(index).features();
            if (shrinkOne(
                index, required.of(index, before), done.incrementAndGet(), order.size())) {
              shrunk.incrementAndGet();
            }
            KeptInput after = kept.get(index);
            required.changed(before, after == null ? null : after.features());
            return true;
          });
    }
    jobs.runAll(tasks, count -> {});
    return shrunk.get();
  }

  /**
   * Shrinks kept input {@code index} against {@code required}; whether it got smaller. An input
   * that must keep nothing adds nothing and goes.
   */
  private boolean shrinkOne(int index, long[] required, int done, int of) throws IOException {
    String name = census.input(index).path().getFileName().toString();
    if (flaky.holds(index)) {
      log.line("shrank %d/%d (%s): left as it is, it holds flaky features", done, of, name);
      return false;
    }
    if (required.length == 0) {
      kept.drop(index);
      return false;
    }
    if (Thread.currentThread().isInterrupted()) {
      return false; // Stopped before its turn: it stays as selected.
    }
    if (tooSlowToShrink(index)) {
      log.line(
          "shrank %d/%d (%s): left as it is, %,d ms a run",
          done, of, name, census.runNanos(index) / 1_000_000);
      return false;
    }
    int before = kept.get(index).content().length;
    if (atTheFloor(before)
        && !shrinker.lastByteCanGo(kept.get(index).content(), required, census.seen())) {
      log.line(
          "shrank %d/%d (%s): left as it is, %,d bytes: no search got a file below %,d, and its"
              + " last byte cannot go",
          done, of, name, before, floor.get());
      return false;
    }
    ReductionResult<byte[]> reduction =
        shrinker.shrink(kept.get(index).content(), required, census.seen());
    byte[] smaller = reduction == null ? null : reduction.reduced();
    boolean wasInterrupted = Thread.interrupted();
    boolean smallerKept = false;
    if (smaller != null && smaller.length < before) {
      long[] features = shrinker.stableFeatures(smaller);
      if (features != null
          && FeatureSets.containsAll(features, required)
          && FeatureSets.containsAll(census.seen(), features)) {
        kept.replace(index, smaller, FeatureSets.intersection(features, census.universe()));
        smallerKept = true;
      }
    }
    if (reduction != null
        && reduction.stopReason() == StopReason.COMPLETED
        && (smallerKept || smaller.length == before)) {
      floor.accumulateAndGet(kept.get(index).content().length, Math::min);
    }
    log.line(
        "shrank %d/%d (%s): %,d -> %,d bytes%s",
        done,
        of,
        name,
        before,
        smallerKept ? smaller.length : before,
        reduction == null
            ? ""
            : String.format(
                " (%,d runs, %,d ms)", reduction.runs(), reduction.elapsed().toMillis()));
    if (wasInterrupted) {
      Thread.currentThread().interrupt();
    }
    return smallerKept;
  }

  /** Whether a file of {@code size} bytes is no larger than a finished search left one. */
  private boolean atTheFloor(int size) {
    int smallest = floor.get();
    return smallest != Integer.MAX_VALUE && size <= smallest;
  }

  /**
   * Whether input {@code index} runs so slowly that its time per file buys fewer runs than a search
   * needs to get anywhere ({@link CorpusFileShrinker#USEFUL_RUNS}): shrinking such a file finds
   * nothing but costs its whole time.
   */
  private boolean tooSlowToShrink(int index) {
    return census.runNanos(index)
        > minimizer.maxTimePerInput().toNanos() / CorpusFileShrinker.USEFUL_RUNS;
  }
}
