package dev.whittle.api;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * Entry point of the reduction engine.
 *
 * <pre>{@code
 * ReductionResult<List<Integer>> result =
 *     Whittle.reduce(SequenceInputs.list(numbers))
 *         .withAlgorithm(Algorithms.entropyDebugging())
 *         .run(Oracle.of(candidate -> candidate.contains(7) && candidate.contains(42)));
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public final class Whittle {
  private Whittle() {}

  /** A reduction of {@code input} with the default algorithm and no budget, ready to run. */
  public static <C> Reduction<C> reduce(SequenceInput<C> input) {
    checkNotNull(input, "input");
    return Reduction.of(input);
  }
}
