package dev.whittle.api;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;

import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Options of Entropy Debugging (Fairhurst): a left-to-right sweep that codes the stream of
 * important and unimportant items with ordered decision trees built from a Markov model, where
 * every branch is one run. Immutable; each {@code with*} method returns a copy.
 *
 * <p>The model and tree options (presampling, an initial model, adaptation, Bayesian estimates, the
 * tree builder and its caps) are research knobs, for comparing variants in tests and benchmarks:
 * experimental, and may change or go.
 */
@API(status = STABLE, since = "0.1")
public final class EntropyDebugging implements Algorithm {
  /** Exact run lengths per tree before longer runs are grouped in doubling ranges. */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final int DEFAULT_MAX_TREE_SIZE = 64;

  /** Exact run lengths less likely than this are grouped. */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final double DEFAULT_MIN_SYMBOL_PROBABILITY = 1e-6;

  // Not final so that the with* methods can change a fresh copy before anyone sees it.
  private String name;
  private int presamples;
  private MarkovModel initialModel;
  private boolean adapt;
  private boolean bayesian;
  private DecisionTreeBuilder treeBuilder;
  private int maxTreeSize;
  private double minSymbolProbability;
  private long seed;
  private boolean minimize;

  private EntropyDebugging(
      String name,
      int presamples,
      MarkovModel initialModel,
      boolean adapt,
      boolean bayesian,
      DecisionTreeBuilder treeBuilder,
      int maxTreeSize,
      double minSymbolProbability,
      long seed,
      boolean minimize) {
    this.name = name;
    this.presamples = presamples;
    this.initialModel = initialModel;
    this.adapt = adapt;
    this.bayesian = bayesian;
    this.treeBuilder = treeBuilder;
    this.maxTreeSize = maxTreeSize;
    this.minSymbolProbability = minSymbolProbability;
    this.seed = seed;
    this.minimize = minimize;
  }

  /**
   * Whittle's defaults: no presampling, a Bayesian model whose run-length predictions integrate
   * over what is still unknown about the chain (so that early trees probe 1, 2, 4, ... and bisect),
   * exactly optimal trees, and a final one-by-one pass.
   */
  public static EntropyDebugging defaults() {
    return new EntropyDebugging(
        Algorithms.ENTROPY,
        0,
        null,
        true,
        true,
        DecisionTreeBuilder.OPTIMAL,
        DEFAULT_MAX_TREE_SIZE,
        DEFAULT_MIN_SYMBOL_PROBABILITY,
        0,
        true);
  }

  /**
   * The published defaults: 5 presamples with Laplace's rule of succession, point estimates, hybrid
   * trees capped at 1000 symbols, and a final one-by-one pass.
   */
  public static EntropyDebugging paperDefaults() {
    return new EntropyDebugging(
        Algorithms.ENTROPY_PAPER,
        5,
        null,
        true,
        false,
        DecisionTreeBuilder.PAPER_HYBRID,
        1000,
        1e-6,
        0,
        true);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public boolean minimizes() {
    return minimize;
  }

  /** Random positions sampled (with their right neighbours) before the sweep. */
  @API(status = EXPERIMENTAL, since = "0.1")
  public int presamples() {
    return presamples;
  }

  /** A model to start from instead of the uninformed prior; usually with no presampling. */
  @API(status = EXPERIMENTAL, since = "0.1")
  public Optional<MarkovModel> initialModel() {
    return Optional.ofNullable(initialModel);
  }

  /** Whether what each tree reveals updates the model. */
  @API(status = EXPERIMENTAL, since = "0.1")
  public boolean adapt() {
    return adapt;
  }

  /**
   * Whether run-length probabilities integrate over the model's uncertainty (Bayesian predictive)
   * instead of plugging in point estimates as the paper does.
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public boolean bayesian() {
    return bayesian;
  }

  @API(status = EXPERIMENTAL, since = "0.1")
  public DecisionTreeBuilder treeBuilder() {
    return treeBuilder;
  }

  /** Most exact run lengths in one tree; longer runs fall into doubling groups of lengths. */
  @API(status = EXPERIMENTAL, since = "0.1")
  public int maxTreeSize() {
    return maxTreeSize;
  }

  /** Exact run lengths less likely than this are grouped with their neighbours. */
  @API(status = EXPERIMENTAL, since = "0.1")
  public double minSymbolProbability() {
    return minSymbolProbability;
  }

  public long seed() {
    return seed;
  }

  public EntropyDebugging withName(String newName) {
    checkNotNull(newName, "name");
    return copyWith(c -> c.name = newName);
  }

  @API(status = EXPERIMENTAL, since = "0.1")
  public EntropyDebugging withPresamples(int count) {
    checkArgument(count >= 0, "presamples must not be negative, was %s", count);
    return copyWith(c -> c.presamples = count);
  }

  @API(status = EXPERIMENTAL, since = "0.1")
  public EntropyDebugging withInitialModel(MarkovModel model) {
    checkNotNull(model, "model");
    return copyWith(c -> c.initialModel = model);
  }

  @API(status = EXPERIMENTAL, since = "0.1")
  public EntropyDebugging withAdapt(boolean on) {
    return copyWith(c -> c.adapt = on);
  }

  @API(status = EXPERIMENTAL, since = "0.1")
  public EntropyDebugging withBayesian(boolean on) {
    return copyWith(c -> c.bayesian = on);
  }

  @API(status = EXPERIMENTAL, since = "0.1")
  public EntropyDebugging withTreeBuilder(DecisionTreeBuilder builder) {
    checkNotNull(builder, "builder");
    return copyWith(c -> c.treeBuilder = builder);
  }

  /** With or without the final 1-minimal pass; the default's name follows the choice. */
  public EntropyDebugging withMinimize(boolean on) {
    return copyWith(
        c -> {
          c.minimize = on;
          if (name.equals(Algorithms.ENTROPY) && !on) {
            c.name = Algorithms.ENTROPY_SIMPLIFY;
          } else if (name.equals(Algorithms.ENTROPY_SIMPLIFY) && on) {
            c.name = Algorithms.ENTROPY;
          }
        });
  }

  @API(status = EXPERIMENTAL, since = "0.1")
  public EntropyDebugging withCaps(int newMaxTreeSize, double newMinSymbolProbability) {
    checkArgument(newMaxTreeSize >= 2, "maxTreeSize must be at least 2, was %s", newMaxTreeSize);
    checkArgument(
        newMinSymbolProbability >= 0 && newMinSymbolProbability < 1,
        "minSymbolProbability must lie in [0, 1), was %s",
        newMinSymbolProbability);
    return copyWith(
        c -> {
          c.maxTreeSize = newMaxTreeSize;
          c.minSymbolProbability = newMinSymbolProbability;
        });
  }

  public EntropyDebugging withSeed(long newSeed) {
    return copyWith(c -> c.seed = newSeed);
  }

  private EntropyDebugging copyWith(java.util.function.Consumer<EntropyDebugging> change) {
    EntropyDebugging copy =
        new EntropyDebugging(
            name,
            presamples,
            initialModel,
            adapt,
            bayesian,
            treeBuilder,
            maxTreeSize,
            minSymbolProbability,
            seed,
            minimize);
    change.accept(copy);
    return copy;
  }

  @Override
  public String toString() {
    return name
        + "{presamples="
        + presamples
        + ", model="
        + (initialModel == null ? "prior" : initialModel)
        + ", adapt="
        + adapt
        + ", bayesian="
        + bayesian
        + ", trees="
        + treeBuilder
        + ", maxTreeSize="
        + maxTreeSize
        + ", minimize="
        + minimize
        + ", seed="
        + seed
        + "}";
  }
}
