package dev.whittle.api;

import static com.google.common.base.Preconditions.checkNotNull;

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
public final class Whittle {
  private Whittle() {}

  /** A reduction of {@code input} with the default algorithm and no budget, ready to run. */
  public static <C> Reduction<C> reduce(SequenceInput<C> input) {
    checkNotNull(input, "input");
    return Reduction.of(input);
  }
}
