package dev.whittle.jazzer.api;

import java.util.ServiceLoader;

/**
 * Finds the implementation behind a facade once, with {@link ServiceLoader}, as {@code
 * dev.whittle.api.Reduction} finds its engine, so that the facade never names it.
 */
final class Engines {
  private Engines() {}

  /**
   * @throws IllegalStateException if no implementation of {@code spi} is on the class path
   */
  static <T> T load(Class<T> spi) {
    return ServiceLoader.load(spi, Engines.class.getClassLoader())
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "no "
                        + spi.getName()
                        + " on the class path: is whittle-jazzer-integration complete?"));
  }
}
