package dev.whittle.cli;

import java.io.File;
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

  static final String TARGET_ARG_DESCRIPTION =
      "An argument for the String[] of the target's fuzzerInitialize, as Jazzer passes those"
          + " after its own options (its --target_args); repeatable, in order. Default: none.";

  @Option(
      names = "--target-arg",
      paramLabel = "ARG",
      arity = "1",
      description = TARGET_ARG_DESCRIPTION)
  List<String> targetArgs;

  /** The arguments {@code --target-arg} gave, in order; none if it was not given. */
  List<String> targetArgs() {
    return targetArgs == null ? List.of() : targetArgs;
  }

  /**
   * The entries of {@code --cp}.
   *
   * @throws ParameterException for an entry that does not exist
   */
  List<Path> classPath(CommandLine command) {
    List<Path> entries;
    try {
      entries = TargetClassPath.parse(classPath);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(command, e.getMessage());
    }
    for (Path entry : entries) {
      TargetClassPath.unreadableJar(entry)
          .ifPresent(
              problem ->
                  command
                      .getErr()
                      .println(
                          "whittle: warning: " + problem + "; no class can be loaded from it"));
    }
    command.getErr().flush();
    return entries;
  }

  private static final String CLASS_FILE = ".class";

  /**
   * The fuzz target's class name: {@code --target}, where a class file's path ({@code
   * pkg/Name.class}, as a build directory shows it) stands for the class it holds, said on {@code
   * command}'s standard error. A {@code Class#method} keeps its method.
   */
  String target(CommandLine command) {
    int hash = targetClass.indexOf('#');
    String className = hash < 0 ? targetClass : targetClass.substring(0, hash);
    String normalized = className;
    if (normalized.endsWith(CLASS_FILE)) {
      normalized = normalized.substring(0, normalized.length() - CLASS_FILE.length());
    }
    normalized = normalized.replace('/', '.').replace(File.separatorChar, '.');
    if (normalized.equals(className)) {
      return targetClass;
    }
    String target = normalized + (hash < 0 ? "" : targetClass.substring(hash));
    command
        .getErr()
        .println(
            "whittle: --target "
                + targetClass
                + " is a class file's path: taken as the class "
                + target);
    command.getErr().flush();
    return target;
  }

  /** The start of {@code --cp}'s help text, the same for every command. */
  static String classPathHelp(String purpose) {
    return "The fuzz target's directories and jars, separated by '${sys:path.separator}'" + purpose;
  }
}
