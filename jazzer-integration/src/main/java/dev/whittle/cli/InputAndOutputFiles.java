package dev.whittle.cli;

import static com.google.common.base.Preconditions.checkArgument;

import dev.whittle.jazzer.input.InputFiles;
import dev.whittle.jazzer.input.UnreadableInputException;
import java.io.IOException;
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
    try {
      return InputFiles.read(input, "input file");
    } catch (UnreadableInputException e) {
      throw new CliException(Inputs.exitCode(e), e.getMessage(), e);
    } catch (IOException e) {
      throw unreadable(e.getMessage(), e);
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
