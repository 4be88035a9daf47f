package dev.whittle.cli;

import static com.google.common.base.Preconditions.checkNotNull;
import static java.nio.charset.StandardCharsets.UTF_8;

import dev.whittle.jazzer.api.MinimizationResult;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Writes a minimized crash as {@code whittle minimize} does, for callers outside this package (the
 * crash hook inside a Jazzer run): {@code minimized-<sha1>} and {@code Crash_<sha1>.java} next to
 * the crash file, each atomically, the crash file itself never.
 */
public final class MinimizationOutputs {
  private MinimizationOutputs() {}

  /** Where the two files went. */
  public record Written(Path minimized, Path reproducer) {}

  /**
   * Saves {@code result}, minimized from {@code crash} against the already loaded {@code target}.
   *
   * @param callTimeout the minimization's per-call timeout, which the reproducer of a timeout
   *     finding uses
   * @throws IllegalStateException naming the file if one cannot be written
   */
  public static Written save(
      Path crash, MinimizationResult result, Class<?> target, Duration callTimeout) {
    checkNotNull(crash, "crash");
    checkNotNull(result, "result");
    checkNotNull(target, "target");
    byte[] minimized = result.minimized();
    String sha1 = CrashOutputs.sha1Hex(minimized);
    Path minimizedFile = CrashOutputs.defaultMinimizedPath(crash, sha1);
    ReproducerSource reproducer =
        new ReproducerSource(
            sha1,
            FuzzTargetShape.of(target),
            result.finding(),
            minimized,
            crash.getFileName().toString(),
            result.original().length,
            callTimeout);
    Path reproducerFile = minimizedFile.resolveSibling(reproducer.fileName());
    try {
      CrashOutputs.save(crash, minimizedFile, minimized);
      CrashOutputs.save(crash, reproducerFile, reproducer.render().getBytes(UTF_8));
    } catch (CliException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
    return new Written(minimizedFile, reproducerFile);
  }

  /** The SHA-1 of {@code bytes} in lower-case hex, as in Jazzer's file names. */
  public static String sha1Hex(byte[] bytes) {
    return CrashOutputs.sha1Hex(bytes);
  }
}
