package dev.whittle.cli;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

import com.google.common.base.Splitter;
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
    for (String entry :
        Splitter.on(File.pathSeparator).trimResults().omitEmptyStrings().split(classPath)) {
      Path path = Path.of(entry);
      // A typo here would otherwise surface much later as a missing class.
      checkArgument(Files.exists(path), "--cp entry %s does not exist", entry);
      entries.add(path);
    }
    checkArgument(!entries.isEmpty(), "--cp is empty: give the target's directories and jars");
    return entries;
  }
}
