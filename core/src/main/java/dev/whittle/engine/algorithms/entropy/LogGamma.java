package dev.whittle.engine.algorithms.entropy;

import static com.google.common.base.Preconditions.checkArgument;

/** ln Γ(x) for x > 0 by the Lanczos approximation (g = 7, 9 terms), accurate to about 1e-15. */
final class LogGamma {
  private static final double[] COEFFICIENTS = {
    0.99999999999980993,
    676.5203681218851,
    -1259.1392167224028,
    771.32342877765313,
    -176.61502916214059,
    12.507343278686905,
    -0.13857109526572012,
    9.9843695780195716e-6,
    1.5056327351493116e-7
  };
  private static final double HALF_LOG_TWO_PI = 0.5 * Math.log(2 * Math.PI);

  private LogGamma() {}

  static double of(double x) {
    checkArgument(x > 0, "ln Γ is only defined here for x > 0, was %s", x);
    if (x < 0.5) {
      // reflection: Γ(x) Γ(1 - x) = π / sin(πx)
      return Math.log(Math.PI / Math.sin(Math.PI * x)) - of(1 - x);
    }
    double z = x - 1;
    double sum = COEFFICIENTS[0];
    for (int i = 1; i < COEFFICIENTS.length; i++) {
      sum += COEFFICIENTS[i] / (z + i);
    }
    double t = z + 7.5;
    return HALF_LOG_TWO_PI + (z + 0.5) * Math.log(t) - t + Math.log(sum);
  }
}
