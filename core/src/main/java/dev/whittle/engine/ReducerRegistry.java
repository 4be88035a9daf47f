package dev.whittle.engine;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.Algorithm;
import dev.whittle.api.Algorithms;
import dev.whittle.api.EntropyDebugging;
import dev.whittle.engine.reducers.ddmin.DeltaDebuggingReducers;
import dev.whittle.engine.reducers.entropy.EntropyReducer;
import dev.whittle.engine.reducers.onebyone.OneByOne;
import dev.whittle.engine.sequence.SequenceReducer;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.apiguardian.api.API;

/**
 * Every sequence reducer, in one ordered list: the first entry that accepts an algorithm builds the
 * reducer for it.
 */
@API(status = INTERNAL, since = "0.1")
public final class ReducerRegistry {
  private static final List<Entry> ENTRIES =
      List.of(
          new Entry(
              EntropyDebugging.class,
              null,
              a ->
                  new EntropyReducer(
                      (EntropyDebugging) a, new SplittableRandom(((EntropyDebugging) a).seed()))),
          new Entry(Algorithm.class, Algorithms.DDMIN, a -> DeltaDebuggingReducers.ddmin()),
          new Entry(
              Algorithm.class, Algorithms.DDRMIN, a -> DeltaDebuggingReducers.recursiveDdmin()),
          new Entry(Algorithm.class, Algorithms.ONE_BY_ONE, a -> new OneByOne()));

  private ReducerRegistry() {}

  /** A fresh reducer for {@code algorithm}. */
  public static SequenceReducer create(Algorithm algorithm) {
    for (Entry entry : ENTRIES) {
      if (entry.accepts(algorithm)) {
        return entry.factory.apply(algorithm);
      }
    }
    return unsupported(algorithm);
  }

  private static SequenceReducer unsupported(Algorithm algorithm) {
    throw new IllegalArgumentException(
        "no reducer implements algorithm '" + algorithm.name() + "'");
  }

  private record Entry(
      Class<? extends Algorithm> type, String name, Function<Algorithm, SequenceReducer> factory) {
    boolean accepts(Algorithm algorithm) {
      return type.isInstance(algorithm) && (name == null || name.equals(algorithm.name()));
    }
  }
}
