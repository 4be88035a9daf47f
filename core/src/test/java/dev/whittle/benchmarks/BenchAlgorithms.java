package dev.whittle.benchmarks;

import dev.whittle.api.Algorithm;
import dev.whittle.api.Algorithms;
import dev.whittle.api.Budget;
import dev.whittle.api.MarkovModel;
import dev.whittle.api.Oracle;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInput;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.Whittle;
import java.util.ArrayList;
import java.util.List;

/**
 * Algorithms by name, as the benchmarks use them. A name the API does not know is a user error; a
 * known name that no reducer implements yet (the engine says "no reducer implements") is reported
 * as {@code n/a} instead of aborting the benchmark.
 */
final class BenchAlgorithms {
  static final String NOT_AVAILABLE = "n/a";

  private BenchAlgorithms() {}

  /** One algorithm to benchmark: its name, the descriptor, and whether the engine runs it. */
  record Entry(String name, Algorithm algorithm, boolean available) {
    boolean minimizes() {
      return algorithm.minimizes();
    }
  }

  /**
   * Not an algorithm of its own: Entropy Debugging simplifying with the generating chain given and
   * never updated, optimal trees, no presampling. What is left between it and the lower bound is
   * not the cost of learning the model. Only the Markov grid knows the chain of each input.
   */
  static final String KNOWN_MODEL = "entropy-known-model";

  static Algorithm knownModel(MarkovModel chain) {
    return Algorithms.entropyDebugging()
        .withName(KNOWN_MODEL)
        .withMinimize(false)
        .withBayesian(false)
        .withAdapt(false)
        .withInitialModel(chain);
  }

  /**
   * Resolves {@code names} and probes each on a two-item input.
   *
   * @throws IllegalArgumentException naming the known algorithms for an unknown name
   */
  static List<Entry> resolve(List<String> names) {
    List<Entry> entries = new ArrayList<>();
    for (String name : names) {
      if (name.equals(KNOWN_MODEL)) {
        entries.add(new Entry(name, knownModel(new MarkovModel(0.5, 0.5)), true));
        continue;
      }
      Algorithm algorithm = Algorithms.named(name);
      entries.add(new Entry(name, algorithm, probe(algorithm)));
    }
    return entries;
  }

  /** Whether the engine has a reducer for {@code algorithm}. */
  static boolean probe(Algorithm algorithm) {
    try {
      Whittle.reduce(SequenceInputs.list(List.of(0, 1)))
          .withAlgorithm(algorithm)
          .run(Oracle.of((List<Integer> candidate) -> candidate.contains(1)));
      return true;
    } catch (IllegalArgumentException e) {
      if (isNotImplemented(e)) {
        return false;
      }
      throw e;
    }
  }

  /** Whether {@code e} is the engine's "no reducer implements algorithm" refusal. */
  static boolean isNotImplemented(IllegalArgumentException e) {
    return e.getMessage() != null && e.getMessage().contains("no reducer implements");
  }

  /**
   * Runs one reduction; {@code null} when no reducer implements the algorithm.
   *
   * @throws RuntimeException whatever else the reduction throws
   */
  static <C> ReductionResult<C> run(
      Entry entry, SequenceInput<C> input, Budget budget, Oracle<? super C> oracle) {
    if (!entry.available()) {
      return null;
    }
    try {
      return Whittle.reduce(input).withAlgorithm(entry.algorithm()).withBudget(budget).run(oracle);
    } catch (IllegalArgumentException e) {
      if (isNotImplemented(e)) {
        return null;
      }
      throw e;
    }
  }

  static String describe(List<Entry> entries) {
    List<String> parts = new ArrayList<>();
    for (Entry entry : entries) {
      parts.add(entry.name() + (entry.available() ? "" : " (n/a: no reducer yet)"));
    }
    return String.join(", ", parts);
  }

  /** Prints the message and the usage to stderr and ends the program with status 2. */
  static void usageError(String message, String usage) {
    System.err.println("error: " + message);
    System.err.println(usage);
    System.exit(2);
  }
}
