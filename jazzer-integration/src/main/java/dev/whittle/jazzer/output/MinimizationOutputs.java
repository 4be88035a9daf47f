package dev.whittle.jazzer.output;

import static com.google.common.base.Preconditions.checkNotNull;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.engine.io.AtomicFiles;
import dev.whittle.jazzer.api.MinimizationResult;
import dev.whittle.jazzer.api.Verification;
import dev.whittle.jazzer.digest.Digests;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Writes a minimized crash the one way every front end does ({@code whittle minimize}, the crash
 * hook inside a Jazzer run, the JUnit extension): {@code minimized-<sha1>}, named after its content
 * as Jazzer names {@code crash-<sha1>}, and the reproducer {@code Crash_<sha1>.java} beside it,
 * each atomically. The crash file itself is never written.
 */
@API(status = INTERNAL, since = "0.1")
public final class MinimizationOutputs {
  /** The prefix of a minimized file's name; the SHA-1 of its content follows. */
  public static final String MINIMIZED_PREFIX = "minimized-";

  /**
   * The prefix instead of {@link #MINIMIZED_PREFIX} for a result that its verification did not
   * reproduce (fresh JVMs, see {@code CrashMinimizer.withFreshJvmVerification}, or a fresh class
   * loader), so that it is never taken for a verified one.
   */
  public static final String UNVERIFIED_PREFIX = "unverified-";

  private MinimizationOutputs() {}

  /**
   * Where the two files went.
   *
   * @param fallback empty when both went where they belong; otherwise why they could not (naming
   *     the file and the reason), and they are in a {@linkplain #fallbackDirectories() fallback
   *     directory}
   */
  public record Written(Path minimized, Path reproducer, Optional<String> fallback) {
    public Written {
      checkNotNull(minimized, "minimized");
      checkNotNull(reproducer, "reproducer");
      checkNotNull(fallback, "fallback");
    }

    public Written(Path minimized, Path reproducer) {
      this(minimized, reproducer, Optional.empty());
    }
  }

  /** The directory under {@code java.io.tmpdir} that is the last fallback. */
  public static final String TEMP_FALLBACK = "whittle-out";

  /**
   * Where results go when their own place cannot be written (a read-only crash directory, a full
   * disk): the current directory, where Jazzer writes its crash files by default, then {@value
   * #TEMP_FALLBACK} under {@code java.io.tmpdir}.
   */
  public static List<Path> fallbackDirectories() {
    return List.of(
        Path.of("").toAbsolutePath(),
        Path.of(System.getProperty("java.io.tmpdir"), TEMP_FALLBACK).toAbsolutePath());
  }

  /**
   * Saves {@code result} as {@link #write} does, and when a file cannot go where it belongs, into
   * the first of {@code fallbacks} that takes it, under its content's name ({@code
   * minimized-<sha1>}, {@code unverified-<sha1>}, {@code Crash_<sha1>.java}), which no other
   * content has, so that nothing there is replaced by something else; the minimized file and its
   * reproducer stay together. {@link Written#fallback()} says why.
   *
   * @throws OutputWriteException if no place takes them; its message names every place tried
   */
  public static Written writeOrFallBack(
      Path crash,
      Path minimizedFile,
      MinimizationResult result,
      Duration runTimeout,
      List<Path> fallbacks) {
    checkNotNull(fallbacks, "fallbacks");
    ReproducerSource reproducer = reproducerOf(crash, result, runTimeout);
    byte[] reproducerBytes = reproducer.render().getBytes(UTF_8);
    Path reproducerFile = minimizedFile.resolveSibling(reproducer.fileName());
    try {
      saveBeside(crash, minimizedFile, result.minimized());
    } catch (OutputWriteException e) {
      return fallBack(crash, result, reproducer.fileName(), reproducerBytes, fallbacks, e, true);
    }
    try {
      saveBeside(crash, reproducerFile, reproducerBytes);
      return new Written(minimizedFile, reproducerFile);
    } catch (OutputWriteException e) {
      Written elsewhere =
          fallBack(crash, result, reproducer.fileName(), reproducerBytes, fallbacks, e, false);
      return new Written(minimizedFile, elsewhere.reproducer(), elsewhere.fallback());
    }
  }

  private static Written fallBack(
      Path crash,
      MinimizationResult result,
      String reproducerName,
      byte[] reproducerBytes,
      List<Path> fallbacks,
      OutputWriteException failure,
      boolean withMinimized) {
    String reason = failure.getMessage();
    StringBuilder tried = new StringBuilder(reason);
    Path failedDirectory = failure.file().toAbsolutePath().normalize().getParent();
    for (Path directory : fallbacks) {
      if (directory.toAbsolutePath().normalize().equals(failedDirectory)) {
        continue;
      }
      Path minimized = directory.resolve(defaultPath(crash, result).getFileName());
      Path reproducer = directory.resolve(reproducerName);
      try {
        Files.createDirectories(directory);
        if (withMinimized) {
          saveBeside(crash, minimized, result.minimized());
        }
        saveBeside(crash, reproducer, reproducerBytes);
        return new Written(minimized, reproducer, Optional.of(reason));
      } catch (IOException e) {
        tried.append("; cannot create ").append(directory).append(": ").append(reasonOf(e));
      } catch (OutputWriteException e) {
        tried.append("; ").append(e.getMessage());
      }
    }
    throw new OutputWriteException(failure.file(), tried.toString(), failure);
  }

  /**
   * Saves {@code result}, minimized from {@code crash}, as {@code minimized-<sha1>} next to it.
   *
   * @param runTimeout the minimization's per-call timeout, which the reproducer of a timeout
   *     finding uses
   * @throws OutputWriteException naming the file if one cannot be written
   */
  public static Written save(Path crash, MinimizationResult result, Duration runTimeout) {
    checkNotNull(crash, "crash");
    checkNotNull(result, "result");
    return write(crash, defaultPath(crash, result), result, runTimeout);
  }

  /**
   * Where {@code result} goes by default: {@code minimized-<sha1>} beside {@code crash}, or {@code
   * unverified-<sha1>} when its verification did not reproduce it. A result not checked at all (an
   * interrupt came first) is the best so far, and keeps the usual name.
   */
  public static Path defaultPath(Path crash, MinimizationResult result) {
    String sha1 = sha1Hex(result.minimized());
    boolean failedItsCheck =
        !result.verified() && !result.verification().method().equals(Verification.NONE);
    return failedItsCheck
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
      Path crash, Path minimizedFile, MinimizationResult result, Duration runTimeout) {
    checkNotNull(crash, "crash");
    checkNotNull(minimizedFile, "minimizedFile");
    checkNotNull(result, "result");
    byte[] minimized = result.minimized();
    ReproducerSource reproducer = reproducerOf(crash, result, runTimeout);
    Path reproducerFile = minimizedFile.resolveSibling(reproducer.fileName());
    saveBeside(crash, minimizedFile, minimized);
    saveBeside(crash, reproducerFile, reproducer.render().getBytes(UTF_8));
    return new Written(minimizedFile, reproducerFile);
  }

  private static ReproducerSource reproducerOf(
      Path crash, MinimizationResult result, Duration runTimeout) {
    byte[] minimized = result.minimized();
    return new ReproducerSource(
        sha1Hex(minimized),
        result.targetShape(),
        result.finding(),
        minimized,
        crash.getFileName().toString(),
        result.original().length,
        runTimeout);
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
    return Digests.hex(Digests.sha1().digest(bytes));
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
      throw new OutputWriteException(target, "cannot write " + target + ": " + reasonOf(e), e);
    }
  }

  /**
   * Why a write failed, for people: the reason, and the file only when it is not the temporary one
   * of an atomic write, whose name says nothing to them.
   */
  private static String reasonOf(IOException e) {
    String file = e instanceof FileSystemException fs ? fs.getFile() : null;
    String where = file == null || file.endsWith(".tmp") ? "" : " (" + file + ")";
    if (e instanceof AccessDeniedException) {
      return "permission denied" + where;
    }
    if (e instanceof FileSystemException fs && fs.getReason() != null) {
      return fs.getReason() + where;
    }
    return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
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
