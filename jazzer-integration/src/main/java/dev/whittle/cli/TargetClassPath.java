package dev.whittle.cli;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

import java.io.File;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.zip.ZipFile;

/**
 * The {@code --cp} of {@code whittle minimize}: directories and jars the fuzz target loads from.
 */
final class TargetClassPath {
  private TargetClassPath() {}

  /** The last name of an entry that stands for a directory's jars, as in {@code java -cp}. */
  private static final String WILDCARD = "*";

  /**
   * Splits {@code classPath} at the platform's path separator; empty entries are skipped, and an
   * entry whose last name is {@code *} stands for the jars of its directory, as in {@code java
   * -cp}.
   *
   * @throws IllegalArgumentException naming the first entry that does not exist, or if none is left
   */
  static List<Path> parse(String classPath) {
    checkNotNull(classPath, "classPath");
    List<Path> entries = new ArrayList<>();
    for (String untrimmed : classPath.split(File.pathSeparator, -1)) {
      String entry = trimWhitespace(untrimmed);
      if (entry.isEmpty()) {
        continue;
      }
      if (isWildcard(entry)) {
        entries.addAll(jarsOf(entry));
        continue;
      }
      Path path = Path.of(entry);
      // A typo here would otherwise surface much later as a missing class.
      checkArgument(Files.exists(path), "--cp entry %s does not exist", entry);
      entries.add(path);
    }
    checkArgument(!entries.isEmpty(), "--cp is empty: give the target's directories and jars");
    return entries;
  }

  private static boolean isWildcard(String entry) {
    return entry.equals(WILDCARD) || entry.endsWith(File.separator + WILDCARD);
  }

  /**
   * The jars a wildcard entry stands for, as {@code java -cp} expands it: the files of its
   * directory whose names end in {@code .jar} or {@code .JAR}, not those of its subdirectories.
   * Java leaves their order unspecified (the directory's); here they are sorted by name, so that a
   * class two jars hold comes from the same one on every run.
   */
  private static List<Path> jarsOf(String entry) {
    String directoryName = entry.substring(0, entry.length() - WILDCARD.length());
    Path directory = Path.of(directoryName.isEmpty() ? "." : directoryName);
    checkArgument(
        Files.isDirectory(directory),
        "--cp entry %s: directory %s does not exist (a trailing * stands for the .jar files of a"
            + " directory, as in java -cp)",
        entry,
        directory);
    List<Path> jars = new ArrayList<>();
    try (DirectoryStream<Path> children = Files.newDirectoryStream(directory)) {
      for (Path child : children) {
        String name = child.getFileName().toString();
        if ((name.endsWith(".jar") || name.endsWith(".JAR")) && Files.isRegularFile(child)) {
          jars.add(child);
        }
      }
    } catch (IOException e) {
      throw new IllegalArgumentException("--cp entry " + entry + ": cannot list " + directory, e);
    }
    checkArgument(
        !jars.isEmpty(),
        "--cp entry %s: %s holds no .jar files (a trailing * stands for the .jar files directly"
            + " in a directory, as in java -cp, not for class files or subdirectories)",
        entry,
        directory);
    jars.sort(null);
    return jars;
  }

  /**
   * Why {@code entry}, a file, is not a jar the target's classes can be loaded from; empty for a
   * readable jar and for a directory. A corrupt or truncated download would otherwise only show as
   * a class that cannot be found.
   */
  static Optional<String> unreadableJar(Path entry) {
    if (!Files.isRegularFile(entry)) {
      return Optional.empty();
    }
    try (ZipFile ignored = new ZipFile(entry.toFile())) {
      return Optional.empty();
    } catch (IOException e) {
      return Optional.of("--cp entry " + entry + " is not a readable jar (" + e.getMessage() + ")");
    }
  }

  /**
   * {@code text} without leading and trailing Unicode white space: what Guava's {@code
   * Splitter.trimResults()} trimmed, written out because Guava's splitter and char matchers cost a
   * few dozen classes at start-up.
   */
  static String trimWhitespace(String text) {
    int start = 0;
    int end = text.length();
    while (start < end && isWhitespace(text.charAt(start))) {
      start++;
    }
    while (end > start && isWhitespace(text.charAt(end - 1))) {
      end--;
    }
    return text.substring(start, end);
  }

  /** Unicode's White_Space property, as Guava's {@code CharMatcher.whitespace()} has it. */
  private static boolean isWhitespace(char c) {
    return (c >= '\t' && c <= '\r')
        || c == ' '
        || c == '\u0085'
        || c == '\u00a0'
        || c == '\u1680'
        || (c >= '\u2000' && c <= '\u200a')
        || c == '\u2028'
        || c == '\u2029'
        || c == '\u202f'
        || c == '\u205f'
        || c == '\u3000';
  }
}
