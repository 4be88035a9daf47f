package dev.whittle.cli;

import static com.google.common.base.Preconditions.checkNotNull;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
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

  /** The names Jazzer gives its other findings' inputs, which a directory does not stand for. */
  private static final List<String> OTHER_ARTIFACT_PREFIXES =
      List.of("timeout-", "oom-", "slow-unit-", "leak-");

  /** How many of a directory's other files a message names. */
  private static final int SHOWN_NAMES = 5;

  private static List<Path> filesOf(Path argument) {
    if (!Files.exists(argument)) {
      throw unreadable(
          symbolicLinkProblem(argument)
              .map(problem -> "crash file " + DisplayedText.of(argument) + " is " + problem)
              .orElse("crash file not found: " + DisplayedText.of(argument)),
          null);
    }
    if (!Files.isDirectory(argument)) {
      return List.of(argument);
    }
    List<Path> children;
    try (Stream<Path> listed = Files.list(argument)) {
      children = listed.sorted().toList();
    } catch (IOException e) {
      throw unreadable("cannot list directory " + DisplayedText.of(argument) + ": " + e, e);
    }
    List<Path> crashes = new ArrayList<>();
    List<String> badLinks = new ArrayList<>();
    List<String> otherFindings = new ArrayList<>();
    for (Path child : children) {
      String name = child.getFileName().toString();
      if (name.startsWith(CRASH_PREFIX)) {
        if (Files.isRegularFile(child)) {
          crashes.add(child);
        } else {
          symbolicLinkProblem(child)
              .ifPresent(problem -> badLinks.add(DisplayedText.of(name) + " is " + problem));
        }
      } else if (isOtherFinding(name) && Files.isRegularFile(child)) {
        otherFindings.add(DisplayedText.of(name));
      }
    }
    if (crashes.isEmpty()) {
      StringBuilder message =
          new StringBuilder("directory ")
              .append(DisplayedText.of(argument))
              .append(" holds no ")
              .append(CRASH_PREFIX)
              .append("* files to minimize");
      if (!badLinks.isEmpty()) {
        message.append(": ").append(shown(badLinks));
      }
      if (!otherFindings.isEmpty()) {
        message
            .append(badLinks.isEmpty() ? ", only" : "; it holds")
            .append(" the inputs of Jazzer's other findings (")
            .append(shown(otherFindings))
            .append(
                "), which a directory does not stand for: name such a file to minimize it,"
                    + " as in ")
            .append(DisplayedText.of(argument.resolve(otherFindings.get(0))));
      }
      throw unreadable(message.toString(), null);
    }
    return crashes;
  }

  private static boolean isOtherFinding(String name) {
    for (String prefix : OTHER_ARTIFACT_PREFIXES) {
      if (name.startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }

  private static String shown(List<String> names) {
    return names.size() <= SHOWN_NAMES
        ? String.join(", ", names)
        : String.join(", ", names.subList(0, SHOWN_NAMES))
            + " and "
            + (names.size() - SHOWN_NAMES)
            + " more";
  }

  /**
   * What is wrong with {@code path} if it is a symbolic link that leads nowhere: "a broken symbolic
   * link (to TARGET)" or "a symbolic link loop"; empty for anything else.
   */
  private static Optional<String> symbolicLinkProblem(Path path) {
    if (!Files.isSymbolicLink(path)) {
      return Optional.empty();
    }
    try {
      path.toRealPath();
      return Optional.empty();
    } catch (NoSuchFileException e) {
      return Optional.of("a broken symbolic link" + linkTarget(path));
    } catch (FileSystemException e) {
      // The JDK gives no type of its own to ELOOP, only its message.
      return Optional.of(
          e.getReason() != null && e.getReason().contains("levels of symbolic links")
              ? "a symbolic link loop"
              : "a symbolic link that cannot be followed (" + e.getReason() + ")");
    } catch (IOException e) {
      return Optional.of("a symbolic link that cannot be followed (" + e + ")");
    }
  }

  private static String linkTarget(Path link) {
    try {
      return " (to " + DisplayedText.of(Files.readSymbolicLink(link)) + ")";
    } catch (IOException e) {
      return "";
    }
  }

  private static CliException unreadable(String message, Throwable cause) {
    return new CliException(ExitCodes.INPUT_UNREADABLE, message, cause);
  }
}
