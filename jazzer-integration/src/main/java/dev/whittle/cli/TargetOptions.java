package dev.whittle.cli;

import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code --cp} and {@code --target}, shared by the commands that run a fuzz target; each command
 * says under the key {@value #CLASS_PATH_KEY} of its resource bundle what the class path is for.
 */
final class TargetOptions {
  static final String CLASS_PATH_KEY = "cp";

  @Option(
      names = "--cp",
      required = true,
      paramLabel = "CLASSPATH",
      descriptionKey = CLASS_PATH_KEY)
  String classPath;

  static final String TARGET_DESCRIPTION =
      "The fuzz target class, fully qualified; 'whittle corpus' also takes Class#method for a"
          + " @FuzzTest method.";

  @Option(
      names = "--target",
      required = true,
      paramLabel = "CLASS",
      description = TARGET_DESCRIPTION)
  String targetClass;

  /**
   * The entries of {@code --cp}.
   *
   * @throws ParameterException for an entry that does not exist
   */
  List<Path> classPath(CommandLine command) {
    try {
      return TargetClassPath.parse(classPath);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(command, e.getMessage());
    }
  }

  /** The start of {@code --cp}'s help text, the same for every command. */
  static String classPathHelp(String purpose) {
    return "The fuzz target's directories and jars, separated by '${sys:path.separator}'" + purpose;
  }
}
