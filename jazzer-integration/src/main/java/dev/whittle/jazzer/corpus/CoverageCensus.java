package dev.whittle.jazzer.corpus;

import dev.whittle.jazzer.api.CorpusMinimizationResult;
import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.bytecode.analysis.FeatureSets;
import dev.whittle.jazzer.bytecode.analysis.PackedFeatures;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;

/**
 * What the input corpus showed ({@link StableFeatureConfirmation} takes it): per input its stable
 * features (shown on both of its runs), everything it showed, whether it crashed and its quickest
 * run; over the corpus the stable features (the universe the output must keep) and every feature
 * seen. Inputs are identified by their index. Immutable: the arrays it hands out MUST NOT be
 * modified.
 */
final class CoverageCensus {
  private final List<CorpusInput> inputs;
  private final Map<Integer, Finding> crashers;
  private final long[][] stable;
  private final PackedFeatures[] observed;
  private final long[] runNanos;
  private final long[] universe;
  private final long[] seen;
  private final long[] crashOnly;
  private final List<Integer> crashOnlyHolders;
  private final boolean complete;

  /**
   * @param crashers each crashing input's first finding, in the order they were found
   * @param stable per input its stable features; null for a crasher and an input run once only
   * @param observed per input what any of its runs showed; null for a crasher
   * @param crashOnly the features only crashing runs showed
   * @param crashOnlyHolders crashers that between them showed every feature of {@code crashOnly},
   *     the smallest for each, ascending
   * @param complete false when the census was interrupted: then universe, seen and crashOnly are
   *     empty
   */
  CoverageCensus(
      List<CorpusInput> inputs,
      Map<Integer, Finding> crashers,
      long[][] stable,
      PackedFeatures[] observed,
      long[] runNanos,
      long[] universe,
      long[] seen,
      long[] crashOnly,
      List<Integer> crashOnlyHolders,
      boolean complete) {
    this.inputs = List.copyOf(inputs);
    this.crashers = Collections.unmodifiableMap(new LinkedHashMap<>(crashers));
    this.stable = stable.clone();
    this.observed = observed.clone();
    this.runNanos = runNanos.clone();
    this.universe = universe;
    this.seen = seen;
    this.crashOnly = crashOnly;
    this.crashOnlyHolders = List.copyOf(crashOnlyHolders);
    this.complete = complete;
  }

  /** Whether every input ran: false when the census was interrupted. */
  boolean complete() {
    return complete;
  }

  List<CorpusInput> inputs() {
    return inputs;
  }

  CorpusInput input(int index) {
    return inputs.get(index);
  }

  long bytes() {
    return inputs.stream().mapToLong(input -> input.content().length).sum();
  }

  /** Each crashing input's first finding, by index, in the order they were found. */
  Map<Integer, Finding> crashers() {
    return crashers;
  }

  boolean crashed(int index) {
    return crashers.containsKey(index);
  }

  List<CorpusMinimizationResult.Crasher> crasherList() {
    List<CorpusMinimizationResult.Crasher> list = new ArrayList<>();
    for (Map.Entry<Integer, Finding> crasher : crashers.entrySet()) {
      list.add(
          new CorpusMinimizationResult.Crasher(
              inputs.get(crasher.getKey()).path(), crasher.getValue()));
    }
    return list;
  }

  /**
   * Whether input {@code index} ran twice without crashing, so that its stable features are known.
   */
  boolean confirmed(int index) {
    return stable[index] != null;
  }

  /** The inputs that ran twice without crashing, ascending. */
  List<Integer> confirmedInputs() {
    List<Integer> indices = new ArrayList<>();
    for (int i = 0; i < stable.length; i++) {
      if (stable[i] != null) {
        indices.add(i);
      }
    }
    return indices;
  }

  /** Input {@code index}'s stable features; none if it did not run twice. */
  long[] stableOf(int index) {
    return stable[index] == null ? new long[0] : stable[index];
  }

  /** What any run of input {@code index} showed; null for a crasher. */
  long[] observed(int index) {
    return observed[index] == null ? null : observed[index].toArray();
  }

  /** Whether input {@code index} ran and did not crash, so that {@link #observed} is known. */
  boolean observedAny(int index) {
    return observed[index] != null;
  }

  /** Input {@code index}'s quickest run, in nanoseconds. */
  long runNanos(int index) {
    return runNanos[index];
  }

  /** The features some input showed on both of its runs: what the output must keep. */
  long[] universe() {
    return universe;
  }

  /**
   * Every feature any input showed on any run, flaky ones included: a shrunk file MUST NOT show a
   * feature outside it, or the output would cover code the input corpus does not.
   */
  long[] seen() {
    return seen;
  }

  /**
   * The features that only runs which crashed, exited or timed out showed: no output file can keep
   * them, as no such input is written.
   */
  long[] crashOnlyFeatures() {
    return crashOnly;
  }

  /**
   * The crashers that keep {@link #crashOnlyFeatures}: for each, the smallest input whose crashing
   * run showed it; ascending.
   */
  List<Integer> crashOnlyHolders() {
    return crashOnlyHolders;
  }

  /** The features seen that no input showed on both of its runs. */
  long[] flakyFeatures() {
    return FeatureSets.difference(seen, universe);
  }

  /** The inputs that are no crashers and pass {@code filter}, smallest first (ties: the first). */
  List<Integer> smallestFirst(IntPredicate filter) {
    return smallestFirst(inputs, index -> !crashed(index) && filter.test(index));
  }

  /** The inputs of {@code inputs} that pass {@code filter}, smallest first (ties: the first). */
  static List<Integer> smallestFirst(List<CorpusInput> inputs, IntPredicate filter) {
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < inputs.size(); i++) {
      if (filter.test(i)) {
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
}
