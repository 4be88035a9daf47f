package dev.whittle.engine.algorithms.entropy;

import dev.whittle.api.MarkovModel;

/**
 * The paper's model: point estimates of p(u) and p(uu) by Laplace's rule of succession, p(ii)
 * derived from them, and run-length chances that plug those estimates in as if they were exact.
 */
final class PointMarkovModel implements RunLengthModel {
  private static final double FLOOR = 1e-6;

  private double unimportantItems;
  private double items;
  private double unimportantAfterUnimportant;
  private double afterUnimportant;
  private final MarkovModel fixed;
  private final boolean adapt;

  PointMarkovModel(boolean adapt) {
    this.fixed = null;
    this.adapt = adapt;
  }

  /** Starts from a given chain, held with the strength of a few items. */
  PointMarkovModel(MarkovModel model, boolean adapt) {
    double w = BayesianMarkovModel.GIVEN_MODEL_WEIGHT;
    this.fixed = model;
    this.adapt = adapt;
    this.unimportantItems = w * model.pU() - 1;
    this.items = w - 2;
    this.unimportantAfterUnimportant = w * model.pUU() - 1;
    this.afterUnimportant = w - 2;
  }

  private PointMarkovModel(PointMarkovModel other) {
    this.fixed = other.fixed;
    this.adapt = other.adapt;
    this.unimportantItems = other.unimportantItems;
    this.items = other.items;
    this.unimportantAfterUnimportant = other.unimportantAfterUnimportant;
    this.afterUnimportant = other.afterUnimportant;
  }

  @Override
  public PointMarkovModel copy() {
    return new PointMarkovModel(this);
  }

  double pU() {
    if (fixed != null && !adapt) {
      return fixed.pU();
    }
    return clamp((unimportantItems + 1) / (items + 2));
  }

  double pUU() {
    if (fixed != null && !adapt) {
      return fixed.pUU();
    }
    return clamp((unimportantAfterUnimportant + 1) / (afterUnimportant + 2));
  }

  /** p(iu) = 1 - p(ii), with p(ii) = (p(i) - p(u) p(ui)) / p(i). */
  double pIU() {
    double pI = 1 - pU();
    double pII = (pI - pU() * (1 - pUU())) / pI;
    return 1 - clamp(pII);
  }

  @Override
  public double allUnimportant(ItemState state, long k) {
    if (k == 0) {
      return 1;
    }
    double first =
        switch (state) {
          case START -> pU();
          case IMPORTANT -> pIU();
          case UNIMPORTANT -> pUU();
        };
    return first * Math.pow(pUU(), k - 1);
  }

  @Override
  public void observe(ItemState state, long unimportant, boolean thenImportant) {
    if (!adapt) {
      return;
    }
    unimportantItems += unimportant;
    items += unimportant + (thenImportant ? 1 : 0);
    if (unimportant > 0) {
      long fromUnimportant = unimportant - 1 + (thenImportant ? 1 : 0);
      unimportantAfterUnimportant += unimportant - 1;
      afterUnimportant += fromUnimportant;
    }
    if (state == ItemState.UNIMPORTANT) {
      afterUnimportant += 1;
      unimportantAfterUnimportant += unimportant > 0 ? 1 : 0;
    }
  }

  @Override
  public void observeSample(boolean unimportant) {
    unimportantItems += unimportant ? 1 : 0;
    items += 1;
  }

  @Override
  public void observeNeighbour(boolean secondUnimportant) {
    unimportantAfterUnimportant += secondUnimportant ? 1 : 0;
    afterUnimportant += 1;
  }

  private static double clamp(double p) {
    return Math.max(FLOOR, Math.min(1 - FLOOR, p));
  }
}
