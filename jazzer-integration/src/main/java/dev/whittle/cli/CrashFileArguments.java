package dev.whittle.cli;

import static com.google.common.base.Preconditions.checkNotNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The CRASH arguments of {@code whittle minimize}: files, or directories that stand for every
 * {@code crash-*} file directly inside them, as Jazzer names its crash files.
 */
final class CrashFileArguments {
  static final String CRASH_PREFIX = "crash-";

  private CrashFileArguments() {}

  /**
   * The crash files, in argument order, each directory's files by name, every file once.
   *
   * @throws CliException naming the argument that is missing, or a directory without crash files
   */
  static List<Path> expand(List<Path> arguments) {
    checkNotNull(arguments, "arguments");
    Set<Path> seen = new LinkedHashSet<>();
    List<Path> files = new ArrayList<>();
    for (Path argument : arguments) {
      for (Path file : filesOf(argument)) {
        if (seen.add(file.toAbsolutePath().normalize())) {
          files.add(file);
        }
      }
    }
    return files;
  }

  private static List<Path> filesOf(Path argument) {
    if (!Files.exists(argument)) {
      throw unreadable("crash file not found: " + argument, null);
    }
    if (!Files.isDirectory(argument)) {
      return List.of(argument);
    }
    List<Path> crashes;
    try (Stream<Path> children = Files.list(argument)) {
      crashes =
          children
              .filter(child -> child.getFileName().toString().startsWith(CRASH_PREFIX))
              .filter(Files::isRegularFile)
              .sorted()
              .toList();
    } catch (IOException e) {
      throw unreadable("cannot list directory " + argument + ": " + e, e);
    }
    if (crashes.isEmpty()) {
      throw unreadable(
          "directory " + argument + " holds no " + CRASH_PREFIX + "* files to minimize", null);
    }
    return crashes;
  }

  private static CliException unreadable(String message, Throwable cause) {
    return new CliException(ExitCodes.INPUT_UNREADABLE, message, cause);
  }
}
