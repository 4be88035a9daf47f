package dev.whittle.cli;

import static com.google.common.base.Preconditions.checkArgument;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Checks on the input file and the result file, made before any test runs. */
final class InputAndOutputFiles {
  /** Appended to INPUT's name when no {@code --output} is given. */
  static final String OUTPUT_SUFFIX = ".reduced";

  private InputAndOutputFiles() {}

  /**
   * Where the result of reducing {@code input} goes.
   *
   * @throws IllegalArgumentException with a message for the user if it cannot go there
   */
  static Path resultPath(Path input, Optional<Path> output) {
    Path result = output.orElseGet(() -> input.resolveSibling(input.getFileName() + OUTPUT_SUFFIX));
    checkArgument(
        !isSameFile(result, input),
        "--output must differ from INPUT (%s): whittle never modifies its input",
        input);
    checkArgument(
        !Files.isDirectory(result), "--output %s is a directory; give a file name", result);
    checkArgument(
        Files.isDirectory(result.toAbsolutePath().getParent()),
        "the directory of the output %s does not exist",
        result);
    return result;
  }

  /**
   * The input's bytes.
   *
   * @throws CliException naming the file if it cannot be read
   */
  static byte[] read(Path input) {
    if (!Files.exists(input)) {
      throw unreadable("input file not found: " + input, null);
    }
    if (Files.isDirectory(input)) {
      throw unreadable("input " + input + " is a directory, not a file", null);
    }
    try {
      return Files.readAllBytes(input);
    } catch (AccessDeniedException e) {
      throw unreadable("cannot read input file " + input + ": permission denied", e);
    } catch (IOException e) {
      throw unreadable("cannot read input file " + input + ": " + e, e);
    }
  }

  private static CliException unreadable(String message, Throwable cause) {
    return new CliException(ExitCodes.INPUT_UNREADABLE, message, cause);
  }

  /** Equal paths, or two names of one existing file (a link, say). */
  private static boolean isSameFile(Path a, Path b) {
    if (a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize())) {
      return true;
    }
    try {
      return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
    } catch (IOException e) {
      return false;
    }
  }
}
