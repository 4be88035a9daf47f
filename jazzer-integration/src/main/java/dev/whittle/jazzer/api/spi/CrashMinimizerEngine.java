package dev.whittle.jazzer.api.spi;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.jazzer.api.CrashMinimizer;
import dev.whittle.jazzer.api.MinimizationResult;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What {@link CrashMinimizer} hands the work to, found with {@link java.util.ServiceLoader} so that
 * the API does not depend on its implementation. Not for callers.
 */
@API(status = INTERNAL, since = "0.1")
public interface CrashMinimizerEngine {
  /**
   * Minimizes {@code crash} as {@code minimizer} is configured; {@code crashName} names the crash
   * in messages. MUST NOT modify {@code crash}.
   */
  MinimizationResult minimize(CrashMinimizer minimizer, byte[] crash, String crashName);

  /**
   * {@code input} as the argument values it decodes to, for a fuzz test with structured parameters;
   * empty otherwise. See {@link CrashMinimizer#describeInput}.
   */
  default Optional<String> describeInput(CrashMinimizer minimizer, byte[] input) {
    return Optional.empty();
  }

  /**
   * Whether Jazzer's bug detectors are installed in this JVM, or why not, once that has been tried;
   * empty before. MUST NOT install them.
   */
  Optional<String> bugDetectorStatus();
}
