package dev.whittle.api;

import static com.google.common.base.Preconditions.checkArgument;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * A two-state Markov model of which items are unimportant ({@code u}) and important ({@code i}):
 * the share of unimportant items {@code p(u)} and the chance {@code p(uu)} that an unimportant item
 * follows an unimportant one. Both lie strictly between 0 and 1, and the chain must exist: {@code
 * p(iu) = p(u) (1 - p(uu)) / p(i)} may not exceed 1.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record MarkovModel(double pU, double pUU) {
  public MarkovModel {
    checkArgument(pU > 0 && pU < 1, "p(u) must lie strictly between 0 and 1, was %s", pU);
    checkArgument(pUU > 0 && pUU < 1, "p(uu) must lie strictly between 0 and 1, was %s", pUU);
    checkArgument(
        pU * (1 - pUU) <= (1 - pU) + 1e-12,
        "no Markov chain has p(u)=%s and p(uu)=%s: p(iu) would exceed 1",
        pU,
        pUU);
  }

  public double pI() {
    return 1 - pU;
  }

  /** Chance that an important item follows an unimportant one. */
  public double pUI() {
    return 1 - pUU;
  }

  /** Chance that an unimportant item follows an important one. */
  public double pIU() {
    return pU * (1 - pUU) / pI();
  }

  /** Chance that an important item follows an important one. */
  public double pII() {
    return 1 - pIU();
  }

  /** Entropy rate in bits per item: what each item after the first costs at best. */
  public double entropyRate() {
    return pI() * binaryEntropy(pIU()) + pU * binaryEntropy(pUU);
  }

  /**
   * Entropy in bits of a stream of {@code length} items from this chain, started in its stationary
   * distribution: {@code h(p(u)) + (length - 1) * entropyRate()}.
   */
  public double streamEntropy(int length) {
    checkArgument(length >= 0, "length must not be negative, was %s", length);
    return length == 0 ? 0 : binaryEntropy(pU) + (length - 1) * entropyRate();
  }

  /** The binary entropy function in bits. */
  public static double binaryEntropy(double p) {
    if (p <= 0 || p >= 1) {
      return 0;
    }
    return -(p * Math.log(p) + (1 - p) * Math.log(1 - p)) / Math.log(2);
  }
}
