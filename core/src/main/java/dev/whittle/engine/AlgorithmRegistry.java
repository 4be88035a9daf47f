package dev.whittle.engine;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.Algorithm;
import dev.whittle.api.Algorithms;
import dev.whittle.api.EntropyDebugging;
import dev.whittle.engine.algorithms.ddmin.DeltaDebugging;
import dev.whittle.engine.algorithms.entropy.EntropyAlgorithm;
import dev.whittle.engine.algorithms.onebyone.OneByOne;
import dev.whittle.engine.sequence.SequenceAlgorithm;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.apiguardian.api.API;

/**
 * Every algorithm, in one ordered list: the first entry that accepts an algorithm builds the
 * reducer for it.
 */
@API(status = INTERNAL, since = "0.1")
public final class AlgorithmRegistry {
  private static final List<Entry> ENTRIES =
      List.of(
          new Entry(
              EntropyDebugging.class,
              null,
              a ->
                  new EntropyAlgorithm(
                      (EntropyDebugging) a, new SplittableRandom(((EntropyDebugging) a).seed()))),
          new Entry(Algorithm.class, Algorithms.DDMIN, a -> DeltaDebugging.ddmin()),
          new Entry(Algorithm.class, Algorithms.DDRMIN, a -> DeltaDebugging.recursiveDdmin()),
          new Entry(Algorithm.class, Algorithms.ONE_BY_ONE, a -> new OneByOne()));

  private AlgorithmRegistry() {}

  /** A fresh reducer for {@code algorithm}. */
  public static SequenceAlgorithm create(Algorithm algorithm) {
    for (Entry entry : ENTRIES) {
      if (entry.accepts(algorithm)) {
        return entry.factory.apply(algorithm);
      }
    }
    return unsupported(algorithm);
  }

  private static SequenceAlgorithm unsupported(Algorithm algorithm) {
    throw new IllegalArgumentException(
        "no reducer implements algorithm '" + algorithm.name() + "'");
  }

  private record Entry(
      Class<? extends Algorithm> type,
      String name,
      Function<Algorithm, SequenceAlgorithm> factory) {
    boolean accepts(Algorithm algorithm) {
      return type.isInstance(algorithm) && (name == null || name.equals(algorithm.name()));
    }
  }
}
