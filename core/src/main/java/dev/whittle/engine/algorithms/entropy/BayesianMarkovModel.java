package dev.whittle.engine.algorithms.entropy;

import dev.whittle.api.MarkovModel;

/**
 * A two-state Markov chain whose transition probabilities are unknown, with Beta distributions over
 * them that each observed transition updates. Run-length chances integrate over that uncertainty:
 * with little data the chance of a run of k falls off like a power of k rather than geometrically,
 * so the optimal trees probe 1, 2, 4, ... and bisect, and they turn into tight geometric codes as
 * evidence accumulates.
 */
final class BayesianMarkovModel implements RunLengthModel {
  /** Strength, in observations, of a given initial model. */
  static final double GIVEN_MODEL_WEIGHT = 10;

  // Beta pseudo-counts: after an important item, u / i; after an unimportant item, u / i.
  private double afterImportantU;
  private double afterImportantI;
  private double afterUnimportantU;
  private double afterUnimportantI;
  // The first item: unimportant / important.
  private double firstU;
  private double firstI;
  private final boolean adapt;
  private double treesNotEnding;
  private boolean uninformed;
  private long memoK = -1;
  private double memoA;
  private double memoB;
  private double memoValue;

  /**
   * Beta(1, 1) on "this tree's run goes to the end": after s trees that did not end, the end leaf
   * gets 1 / (s + 2), which costs O(log s) calls over a whole sweep but finds a trailing block of
   * junk in one or two calls.
   */
  private static final double END_PRIOR = 1;

  private static final double END_PRIOR_AGAINST = 1;

  /**
   * Laplace's uniform prior everywhere except on how junk runs end: a pseudo-count of 1/4 for "an
   * important item follows junk" gives long junk runs the heavy tail that reduction inputs show
   * (tuned on the Markov grid and Zeller's cases; see docs/dev/benchmarks.md).
   */
  static BayesianMarkovModel uninformed() {
    BayesianMarkovModel model = new BayesianMarkovModel(1, 1, 1, 0.25, 1, 1, true);
    model.uninformed = true;
    return model;
  }

  private BayesianMarkovModel(
      double iu, double ii, double uu, double ui, double firstU, double firstI, boolean adapt) {
    this.afterImportantU = iu;
    this.afterImportantI = ii;
    this.afterUnimportantU = uu;
    this.afterUnimportantI = ui;
    this.firstU = firstU;
    this.firstI = firstI;
    this.adapt = adapt;
  }

  @Override
  public BayesianMarkovModel copy() {
    BayesianMarkovModel copy =
        new BayesianMarkovModel(
            afterImportantU,
            afterImportantI,
            afterUnimportantU,
            afterUnimportantI,
            firstU,
            firstI,
            adapt);
    copy.treesNotEnding = treesNotEnding;
    copy.uninformed = uninformed;
    return copy;
  }

  /** Starts from a given chain, held with the strength of {@link #GIVEN_MODEL_WEIGHT} items. */
  static BayesianMarkovModel startingFrom(MarkovModel model, boolean adapt) {
    double w = GIVEN_MODEL_WEIGHT;
    return new BayesianMarkovModel(
        w * model.pIU(),
        w * model.pII(),
        w * model.pUU(),
        w * model.pUI(),
        w * model.pU(),
        w * model.pI(),
        adapt);
  }

  @Override
  public double noneLeft() {
    return END_PRIOR / (END_PRIOR + END_PRIOR_AGAINST + treesNotEnding);
  }

  /**
   * Before anything is known, half of the belief says the first important item is anywhere with
   * equal chance: then a first run of n junk items costs about log2 n calls instead of the 2 log2 n
   * of a universal code, for at most one call more when the chain's guess was right.
   */
  private static final double UNIFORM_AT_START = 0.5;

  @Override
  public double uniformShare(ItemState state) {
    return state == ItemState.START && uninformed ? UNIFORM_AT_START : 0;
  }

  @Override
  public void observeEnd(boolean ended) {
    if (adapt && !ended) {
      treesNotEnding++;
    }
  }

  @Override
  public double allUnimportant(ItemState state, long k) {
    if (k == 0) {
      return 1;
    }
    return switch (state) {
      case START -> mean(firstU, firstI) * stayUnimportant(k - 1);
      case IMPORTANT -> mean(afterImportantU, afterImportantI) * stayUnimportant(k - 1);
      case UNIMPORTANT -> stayUnimportant(k);
    };
  }

  /** E[p(uu)^k] under Beta(a, b): Γ(a+k) Γ(a+b) / (Γ(a) Γ(a+b+k)). */
  private double stayUnimportant(long k) {
    if (k == 0) {
      return 1;
    }
    double a = afterUnimportantU;
    double b = afterUnimportantI;
    // Trees ask for k = 1, 2, 3, ... in turn: step the product instead of four ln Γ calls.
    if (k == memoK + 1 && a == memoA && b == memoB) {
      memoValue *= (a + memoK) / (a + b + memoK);
    } else {
      memoValue =
          Math.exp(
              LogGamma.of(a + k) - LogGamma.of(a) + LogGamma.of(a + b) - LogGamma.of(a + b + k));
    }
    memoK = k;
    memoA = a;
    memoB = b;
    return memoValue;
  }

  private static double mean(double u, double i) {
    return u / (u + i);
  }

  @Override
  public void observe(ItemState state, long unimportant, boolean thenImportant) {
    if (!adapt) {
      return;
    }
    boolean firstIsUnimportant = unimportant > 0;
    switch (state) {
      case START -> {
        firstU += firstIsUnimportant ? 1 : 0;
        firstI += firstIsUnimportant ? 0 : 1;
      }
      case IMPORTANT -> {
        afterImportantU += firstIsUnimportant ? 1 : 0;
        afterImportantI += firstIsUnimportant ? 0 : 1;
      }
      case UNIMPORTANT -> {
        afterUnimportantU += firstIsUnimportant ? 1 : 0;
        afterUnimportantI += firstIsUnimportant ? 0 : 1;
      }
    }
    if (unimportant > 1) {
      afterUnimportantU += unimportant - 1;
    }
    if (unimportant > 0 && thenImportant) {
      afterUnimportantI += 1;
    }
  }

  @Override
  public void observeNeighbour(boolean secondUnimportant) {
    afterUnimportantU += secondUnimportant ? 1 : 0;
    afterUnimportantI += secondUnimportant ? 0 : 1;
  }

  @Override
  public void observeSample(boolean unimportant) {
    firstU += unimportant ? 1 : 0;
    firstI += unimportant ? 0 : 1;
  }
}
