package dev.whittle.api;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.STABLE;

import com.google.common.collect.ImmutableMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/** Static factories for every sequence algorithm, and lookup by name. */
@API(status = STABLE, since = "0.1")
public final class Algorithms {
  /** Delta debugging as Zeller and Hildebrandt describe it; its result is 1-minimal. */
  public static final String DDMIN = "ddmin";

  /** Recursive delta debugging (ddrmin), followed by a one-by-one sweep to 1-minimality. */
  public static final String DDRMIN = "ddrmin";

  /** One-by-one deletion until a whole sweep deletes nothing. */
  public static final String ONE_BY_ONE = "one-by-one";

  /** Entropy Debugging with Whittle's defaults, minimizing: the default algorithm. */
  public static final String ENTROPY = "entropy";

  /** Entropy Debugging with Whittle's defaults, simplifying only (no final 1-minimal sweep). */
  public static final String ENTROPY_SIMPLIFY = "entropy-simplify";

  /** Entropy Debugging with the paper's defaults: 5 presamples, Laplace estimates, hybrid trees. */
  public static final String ENTROPY_PAPER = "entropy-paper";

  private static final Map<String, Algorithm> BY_NAME =
      ImmutableMap.<String, Algorithm>builder()
          .put(ENTROPY, EntropyDebugging.defaults())
          .put(ENTROPY_SIMPLIFY, EntropyDebugging.defaults().withMinimize(false))
          .put(ENTROPY_PAPER, EntropyDebugging.paperDefaults())
          .put(DDMIN, new NamedAlgorithm(DDMIN, true))
          .put(DDRMIN, new NamedAlgorithm(DDRMIN, true))
          .put(ONE_BY_ONE, new NamedAlgorithm(ONE_BY_ONE, true))
          .buildOrThrow();

  private Algorithms() {}

  public static Algorithm ddmin() {
    return BY_NAME.get(DDMIN);
  }

  public static Algorithm recursiveDdmin() {
    return BY_NAME.get(DDRMIN);
  }

  public static Algorithm oneByOne() {
    return BY_NAME.get(ONE_BY_ONE);
  }

  /** Entropy Debugging with Whittle's defaults; adjust with its {@code with*} methods. */
  public static EntropyDebugging entropyDebugging() {
    return EntropyDebugging.defaults();
  }

  /** The algorithm used when none is chosen. */
  public static Algorithm defaultAlgorithm() {
    return BY_NAME.get(ENTROPY);
  }

  /** Every name {@link #named} accepts, the default first. */
  public static List<String> names() {
    return List.copyOf(BY_NAME.keySet());
  }

  /**
   * The algorithm with this name.
   *
   * @throws IllegalArgumentException naming the known algorithms when there is none by that name
   */
  public static Algorithm named(String name) {
    checkNotNull(name, "name");
    Algorithm algorithm = BY_NAME.get(name);
    if (algorithm == null) {
      throw new IllegalArgumentException(
          "unknown algorithm '" + name + "'; known: " + String.join(", ", names()));
    }
    return algorithm;
  }

  private record NamedAlgorithm(String name, boolean minimizes) implements Algorithm {}
}
