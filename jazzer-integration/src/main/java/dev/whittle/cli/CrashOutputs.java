package dev.whittle.cli;

import static com.google.common.base.Preconditions.checkNotNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * Writes what {@code whittle minimize} makes of a crash file, next to it: {@code minimized-<sha1>},
 * named after its content as Jazzer names {@code crash-<sha1>}, and the reproducer. Every write is
 * atomic, and the crash file itself is never written.
 */
final class CrashOutputs {
  static final String MINIMIZED_PREFIX = "minimized-";

  private CrashOutputs() {}

  /** The SHA-1 of {@code bytes} in lower-case hex, as in Jazzer's file names. */
  static String sha1Hex(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError("every JVM has SHA-1", e);
    }
  }

  /** Where the minimized bytes of {@code crash} go without {@code --output}. */
  static Path defaultMinimizedPath(Path crash, String sha1) {
    return crash.resolveSibling(MINIMIZED_PREFIX + sha1);
  }

  /**
   * Writes {@code content} to {@code target} atomically, unless {@code target} is {@code crash}
   * itself: a file named {@code minimized-<sha1>} that does not shrink already holds exactly these
   * bytes, and anything else must not replace it.
   *
   * @throws CliException naming the file if it cannot be written
   */
  static void save(Path crash, Path target, byte[] content) {
    checkNotNull(crash, "crash");
    checkNotNull(content, "content");
    if (isSameFile(crash, target)) {
      if (Arrays.equals(read(crash), content)) {
        return;
      }
      throw new CliException(
          ExitCodes.OUTPUT_UNWRITABLE,
          "refusing to overwrite the crash file " + crash + " with other content");
    }
    new ResultFile(target).save(content);
  }

  private static byte[] read(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new CliException(ExitCodes.INPUT_UNREADABLE, "cannot read " + file + ": " + e, e);
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
