package dev.whittle.engine.sequence;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * A candidate generator for sequences. Implementations never call an oracle themselves.
 *
 * <p>Contract, checked for every registered algorithm by {@code SequenceAlgorithmContractTest}:
 *
 * <ul>
 *   <li>{@code start} is interesting; the result MUST be a candidate the tester called interesting
 *       (or {@code start}), and so never larger than {@code start}.
 *   <li>An algorithm that claims to minimize MUST return a 1-minimal result: every single-item
 *       deletion of it asked and found not interesting.
 *   <li>Randomness MUST come from the algorithm's injected generator, so one seed gives one result.
 *   <li>An algorithm MUST let {@link StopReduction} through; the loop then returns its best so far.
 * </ul>
 */
@API(status = INTERNAL, since = "0.1")
public interface SequenceAlgorithm {
  Subsequence reduce(Subsequence start, CandidateTester tester);
}
