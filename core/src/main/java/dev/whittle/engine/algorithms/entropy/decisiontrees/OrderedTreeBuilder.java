package dev.whittle.engine.algorithms.entropy.decisiontrees;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * Builds an ordered decision tree over symbols {@code 0 .. weights.length - 1}.
 *
 * <p>Contract, checked for every builder by {@code OrderedTreeBuilderContractTest}: the result MUST
 * have exactly the given symbols as leaves, in order; weights MUST be non-negative and finite and
 * there MUST be at least one; a builder called optimal MUST reach the minimum of Σ weight × depth
 * over all ordered trees.
 */
@API(status = INTERNAL, since = "0.1")
public interface OrderedTreeBuilder {
  OrderedTree build(double[] weights);
}
