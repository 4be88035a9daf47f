package dev.whittle.cli;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code --cp} of {@code whittle minimize}: directories and jars the fuzz target loads from.
 */
final class TargetClassPath {
  private TargetClassPath() {}

  /**
   * Splits {@code classPath} at the platform's path separator; empty entries are skipped.
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
      Path path = Path.of(entry);
      // A typo here would otherwise surface much later as a missing class.
      checkArgument(Files.exists(path), "--cp entry %s does not exist", entry);
      entries.add(path);
    }
    checkArgument(!entries.isEmpty(), "--cp is empty: give the target's directories and jars");
    return entries;
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
