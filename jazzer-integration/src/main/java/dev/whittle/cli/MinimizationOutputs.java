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
   * Saves {@code result}, minimized from {@code crash}, as {@code minimized-<sha1>} next to it.
   *
   * @param callTimeout the minimization's per-call timeout, which the reproducer of a timeout
   *     finding uses
   * @throws IllegalStateException naming the file if one cannot be written
   */
  public static Written save(Path crash, MinimizationResult result, Duration callTimeout) {
    checkNotNull(crash, "crash");
    checkNotNull(result, "result");
    Path minimizedFile =
        CrashOutputs.defaultMinimizedPath(crash, CrashOutputs.sha1Hex(result.minimized()));
    try {
      return write(crash, minimizedFile, result, callTimeout);
    } catch (CliException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
  }

  /**
   * Writes the minimized bytes to {@code minimizedFile} and the reproducer beside it, named after
   * the bytes' SHA-1: the one way both {@code whittle minimize} and the crash hook save a result.
   *
   * @throws CliException naming the file if one cannot be written
   */
  static Written write(
      Path crash, Path minimizedFile, MinimizationResult result, Duration callTimeout) {
    byte[] minimized = result.minimized();
    ReproducerSource reproducer =
        new ReproducerSource(
            CrashOutputs.sha1Hex(minimized),
            result.targetShape(),
            result.finding(),
            minimized,
            crash.getFileName().toString(),
            result.original().length,
            callTimeout);
    Path reproducerFile = minimizedFile.resolveSibling(reproducer.fileName());
    CrashOutputs.save(crash, minimizedFile, minimized);
    CrashOutputs.save(crash, reproducerFile, reproducer.render().getBytes(UTF_8));
    return new Written(minimizedFile, reproducerFile);
  }

  /** The SHA-1 of {@code bytes} in lower-case hex, as in Jazzer's file names. */
  public static String sha1Hex(byte[] bytes) {
    return CrashOutputs.sha1Hex(bytes);
  }
}
