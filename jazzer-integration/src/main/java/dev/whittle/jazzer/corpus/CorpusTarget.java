package dev.whittle.jazzer.corpus;

import dev.whittle.api.Oracle;
import dev.whittle.api.Pass;
import dev.whittle.jazzer.agent.JazzerAgent;
import dev.whittle.jazzer.api.CorpusMinimizer;
import dev.whittle.jazzer.api.TargetOptions;
import dev.whittle.jazzer.bytecode.analysis.CoverageFilter;
import dev.whittle.jazzer.bytecode.analysis.EdgeNames;
import dev.whittle.jazzer.passes.Pipelines;
import dev.whittle.jazzer.passes.ValuePassChoice;
import dev.whittle.jazzer.process.MovedGlobals;
import dev.whittle.jazzer.target.TargetRunner;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * One loaded copy of the fuzz target with coverage probes on the classes the minimizer names, in a
 * class loader of its own. The one class of the corpus engine that knows how targets are described,
 * loaded and run ({@code jazzer.target}, {@code jazzer.runtime}) and which passes fit them, so that
 * a change there is made here alone. Not thread-safe: {@link CorpusTargetPool} lends each copy to
 * one thread at a time.
 */
final class CorpusTarget implements AutoCloseable {
  private final TargetRunner runner;
  private final EdgeNames names;
  private final boolean hitCounts;

  private CorpusTarget(TargetRunner runner, EdgeNames names, boolean hitCounts) {
    this.runner = runner;
    this.names = names;
    this.hitCounts = hitCounts;
  }

  /**
   * What loads a fresh copy of {@code minimizer}'s target each time it is asked, whatever its kind
   * ({@link TargetRunner#openWithCoverage}), with coverage probes on the classes the minimizer
   * names, every copy counting features into {@code names}. Installs Jazzer's agent first when it
   * is asked for in every run and the target allows it: its bug detectors slow every run down, and
   * coverage needs no agent.
   */
  static Supplier<CorpusTarget> loader(CorpusMinimizer minimizer, EdgeNames names) {
    if (JazzerAgent.mode() == JazzerAgent.Mode.ALWAYS
        && minimizer.target().mayInstallJazzerAgent()) {
      JazzerAgent.ensureInstalled();
    }
    TargetOptions options = minimizer.options();
    CoverageFilter coverage = new CoverageFilter(minimizer.includes(), minimizer.excludes());
    boolean hitCounts = minimizer.hitCounts();
    return () -> {
      CorpusTarget target =
          new CorpusTarget(TargetRunner.openWithCoverage(options, coverage), names, hitCounts);
      target.warmUp();
      return target;
    };
  }

  /**
   * Runs the empty input once and forgets what it showed, as Jazzer's regression mode runs it
   * first: the static initializers of the code under test then run here, not inside the first
   * corpus input's run, where their features would show once and never again and count as flaky. A
   * finding of this run means nothing for the corpus and is dropped with it.
   */
  private void warmUp() {
    runner.runWithCoverage(new byte[0], names, hitCounts);
  }

  /** Runs the target once on {@code input}: its finding (null for none), features and run time. */
  CoverageRun run(byte[] input) {
    long start = System.nanoTime();
    TargetRunner.CoveredRun run = runner.runWithCoverage(input, names, hitCounts);
    return new CoverageRun(run.finding(), run.features(), System.nanoTime() - start);
  }

  /**
   * The passes for shrinking a corpus file of this target: recorded provider calls for a {@code
   * FuzzedDataProvider} target (recorded on whichever copy of {@code targets} is idle), the byte
   * passes for a {@code byte[]} one. This copy is only asked its shape, never run.
   */
  List<Pass<byte[]>> passes(CorpusTargetPool targets) {
    if (runner.takesDataProvider()) {
      return Pipelines.fuzzedDataValues(
          input -> targets.withTarget(copy -> copy.runner.recordCalls(input)));
    }
    return ValuePassChoice.forCorpusFile(runner);
  }

  /**
   * The oracle a corpus file's shrinking asks, for {@code original}: for structured parameters only
   * the mutation framework's own encodings reach {@code oracle} ({@link ValuePassChoice#restrict}),
   * so that a shrunk file is small in its values and one Jazzer itself could have written; {@code
   * oracle} itself for other parameters.
   */
  Oracle<byte[]> restrict(byte[] original, Oracle<byte[]> oracle) {
    return ValuePassChoice.restrict(runner, original, oracle);
  }

  /**
   * Adds what this copy's runs changed of the JVM's global state to {@code restored} (put back
   * before each next run) and {@code lasting} (nothing in this JVM can put it back).
   */
  void addMovedGlobals(Set<String> restored, Set<String> lasting) {
    MovedGlobals moved = runner.movedGlobals();
    restored.addAll(moved.restored());
    lasting.addAll(moved.lasting());
  }

  /**
   * The warning for a corpus whose runs changed the JVM's global state, or empty if they did not:
   * with what could be restored put back before each run, features were measured as a fresh JVM
   * would show them; with a one-shot factory set, every run after it saw it, which a fresh JVM
   * would not.
   */
  static Optional<String> movedGlobalsWarning(Set<String> restored, Set<String> lasting) {
    SortedSet<String> onlyRestored = new TreeSet<>(restored);
    onlyRestored.removeAll(lasting);
    MovedGlobals moved = new MovedGlobals(onlyRestored, new TreeSet<>(lasting));
    if (!moved.any()) {
      return Optional.empty();
    }
    return Optional.of(
        "warning: "
            + moved.describe()
            + "; "
            + (moved.lasting().isEmpty()
                ? "coverage was measured with it restored before each run"
                : "the runs after it saw what a fresh JVM does not: check the output's coverage"
                    + " in a fresh JVM"));
  }

  /** Runs of this copy so far. */
  long runs() {
    return runner.runs();
  }

  @Override
  public void close() {
    runner.close();
  }
}
