package dev.whittle.jazzer.output;

import static com.google.common.base.Preconditions.checkNotNull;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.engine.io.AtomicFiles;
import dev.whittle.jazzer.api.MinimizationResult;
import dev.whittle.jazzer.api.Verification;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import org.apiguardian.api.API;

/**
 * Writes a minimized crash the one way every front end does ({@code whittle minimize}, the crash
 * hook inside a Jazzer run, the JUnit extension): {@code minimized-<sha1>}, named after its content
 * as Jazzer names {@code crash-<sha1>}, and the reproducer {@code Crash_<sha1>.java} beside it,
 * each atomically. The crash file itself is never written.
 */
@API(status = INTERNAL)
public final class MinimizationOutputs {
  /** The prefix of a minimized file's name; the SHA-1 of its content follows. */
  public static final String MINIMIZED_PREFIX = "minimized-";

  /**
   * The prefix instead of {@link #MINIMIZED_PREFIX} for a result that fresh JVMs did not verify
   * (see {@code CrashMinimizer.withFreshJvmVerification}), so that it is never taken for a verified
   * one.
   */
  public static final String UNVERIFIED_PREFIX = "unverified-";

  private MinimizationOutputs() {}

  /** Where the two files went. */
  public record Written(Path minimized, Path reproducer) {}

  /**
   * Saves {@code result}, minimized from {@code crash}, as {@code minimized-<sha1>} next to it.
   *
   * @param callTimeout the minimization's per-call timeout, which the reproducer of a timeout
   *     finding uses
   * @throws OutputWriteException naming the file if one cannot be written
   */
  public static Written save(Path crash, MinimizationResult result, Duration callTimeout) {
    checkNotNull(crash, "crash");
    checkNotNull(result, "result");
    return write(crash, defaultPath(crash, result), result, callTimeout);
  }

  /**
   * Where {@code result} goes by default: {@code minimized-<sha1>} beside {@code crash}, or {@code
   * unverified-<sha1>} when fresh JVMs did not reproduce it.
   */
  public static Path defaultPath(Path crash, MinimizationResult result) {
    String sha1 = sha1Hex(result.minimized());
    boolean failedInFreshJvms =
        !result.verified() && result.verification().method().equals(Verification.FRESH_JVM);
    return failedInFreshJvms
        ? crash.resolveSibling(UNVERIFIED_PREFIX + sha1)
        : defaultMinimizedPath(crash, sha1);
  }

  /**
   * Writes the minimized bytes to {@code minimizedFile} and the reproducer beside it, named after
   * the bytes' SHA-1.
   *
   * @throws OutputWriteException naming the file if one cannot be written
   */
  public static Written write(
      Path crash, Path minimizedFile, MinimizationResult result, Duration callTimeout) {
    checkNotNull(crash, "crash");
    checkNotNull(minimizedFile, "minimizedFile");
    checkNotNull(result, "result");
    byte[] minimized = result.minimized();
    ReproducerSource reproducer =
        new ReproducerSource(
            sha1Hex(minimized),
            result.targetShape(),
            result.finding(),
            minimized,
            crash.getFileName().toString(),
            result.original().length,
            callTimeout);
    Path reproducerFile = minimizedFile.resolveSibling(reproducer.fileName());
    saveBeside(crash, minimizedFile, minimized);
    saveBeside(crash, reproducerFile, reproducer.render().getBytes(UTF_8));
    return new Written(minimizedFile, reproducerFile);
  }

  /**
   * Saves only the minimized bytes of {@code result}, as {@code minimized-<sha1>} in {@code
   * directory} (created if missing), atomically: for inputs a test runner replays from that
   * directory, such as a JUnit {@code @FuzzTest}'s {@code <Class>Inputs/<method>/}, where every
   * file is an input and a reproducer source would be replayed as one too.
   *
   * @param original the file minimized, which is never written
   * @throws OutputWriteException naming the file if it cannot be written
   */
  public static Path saveMinimized(Path original, Path directory, MinimizationResult result) {
    checkNotNull(original, "original");
    checkNotNull(directory, "directory");
    checkNotNull(result, "result");
    byte[] minimized = result.minimized();
    Path target = directory.resolve(MINIMIZED_PREFIX + sha1Hex(minimized));
    try {
      Files.createDirectories(directory);
    } catch (IOException e) {
      throw new OutputWriteException(directory, "cannot create " + directory + ": " + e, e);
    }
    saveBeside(original, target, minimized);
    return target;
  }

  /**
   * Where the minimized bytes of {@code crash} go by default: {@code minimized-<sha1>} beside it.
   */
  public static Path defaultMinimizedPath(Path crash, String sha1) {
    return crash.resolveSibling(MINIMIZED_PREFIX + sha1);
  }

  /** The SHA-1 of {@code bytes} in lower-case hex, as in Jazzer's file names. */
  public static String sha1Hex(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError("every JVM has SHA-1", e);
    }
  }

  /**
   * Writes {@code content} to {@code target} atomically, unless {@code target} is {@code crash}
   * itself: a file named {@code minimized-<sha1>} that does not shrink already holds exactly these
   * bytes, and anything else must not replace it.
   */
  private static void saveBeside(Path crash, Path target, byte[] content) {
    if (isSameFile(crash, target)) {
      if (Arrays.equals(read(crash), content)) {
        return;
      }
      throw new OutputWriteException(
          target, "refusing to overwrite the crash file " + crash + " with other content", null);
    }
    try {
      AtomicFiles.write(target, content);
    } catch (IOException e) {
      throw new OutputWriteException(target, "cannot write " + target + ": " + e, e);
    }
  }

  private static byte[] read(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new OutputWriteException(file, "cannot read " + file + ": " + e, e);
    }
  }

  private static boolean isSameFile(Path a, Path b) {
    try {
      return Files.exists(b) && Files.isSameFile(a, b);
    } catch (IOException e) {
      return false;
    }
  }
}
