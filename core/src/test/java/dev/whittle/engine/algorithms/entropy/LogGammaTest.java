package dev.whittle.engine.algorithms.entropy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class LogGammaTest {
  @Test
  void matchesFactorials() {
    double logFactorial = 0;
    for (int n = 1; n < 170; n++) {
      assertEquals(logFactorial, LogGamma.of(n), 1e-10 * Math.max(1, logFactorial), "n=" + n);
      logFactorial += Math.log(n);
    }
  }

  @Test
  void matchesHalfIntegers() {
    assertEquals(0.5 * Math.log(Math.PI), LogGamma.of(0.5), 1e-13);
    assertEquals(Math.log(Math.sqrt(Math.PI) / 2), LogGamma.of(1.5), 1e-13);
    assertEquals(Math.log(3.6256099082219083), LogGamma.of(0.25), 1e-12);
  }

  @Test
  void rejectsNonPositive() {
    assertThrows(IllegalArgumentException.class, () -> LogGamma.of(0));
  }
}
