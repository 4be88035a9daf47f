package dev.whittle.samples;

import dev.whittle.jazzer.api.CrashMinimizer;
import dev.whittle.jazzer.api.MinimizationResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Each committed sample crash minimized in process once per JVM: every test that needs a minimized
 * sample asks here, so a build runs each minimization (seconds, Jazzer's agent included) once.
 */
final class SampleMinimizations {
  private static final Path CLASSES = Path.of("target", "classes");
  private static final Map<String, MinimizationResult> RESULTS = new ConcurrentHashMap<>();

  private SampleMinimizations() {}

  /** The minimization of the one crash file of {@code target}, a simple class name. */
  static MinimizationResult of(String target) {
    return RESULTS.computeIfAbsent(target, SampleMinimizations::minimize);
  }

  private static MinimizationResult minimize(String target) {
    try {
      // No exit guard: it needs a SecurityManager, which JDK 24 and later no longer have, and the
      // samples do not call System.exit.
      return CrashMinimizer.forTarget("dev.whittle.samples." + target, List.of(CLASSES))
          .withExitGuard(false)
          .minimize(SampleCrashes.onlyCrashFile(target));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
