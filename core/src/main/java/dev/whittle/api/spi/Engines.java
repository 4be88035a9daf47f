package dev.whittle.api.spi;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import com.google.common.base.Supplier;
import com.google.common.base.Suppliers;
import java.util.ServiceLoader;
import org.apiguardian.api.API;

/**
 * Finds the implementation behind a facade with {@link ServiceLoader}, once and on first use, so
 * that a facade ({@code Reduction}, {@code CrashMinimizer}, {@code CorpusMinimizer}) never names
 * the engine it hands the work to and a program that never runs one never loads it. The one home of
 * this pattern, for every module: it knows nothing but the service interface it is given.
 */
@API(status = INTERNAL, since = "0.1")
public final class Engines {
  private Engines() {}

  /**
   * The implementation of {@code service}, looked up with the service's own class loader (the one
   * that loaded the facade's jar) when {@code get()} is first called and kept from then on.
   *
   * @param artifact the artifact that ships the implementation, named in the message when it is
   *     missing
   * @throws IllegalStateException from {@code get()} if no implementation is on the class path
   */
  public static <T> Supplier<T> lazily(Class<T> service, String artifact) {
    checkNotNull(service, "service");
    checkNotNull(artifact, "artifact");
    return Suppliers.memoize(() -> load(service, artifact));
  }

  private static <T> T load(Class<T> service, String artifact) {
    return ServiceLoader.load(service, service.getClassLoader())
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "no "
                        + service.getName()
                        + " on the class path: is "
                        + artifact
                        + " complete?"));
  }
}
