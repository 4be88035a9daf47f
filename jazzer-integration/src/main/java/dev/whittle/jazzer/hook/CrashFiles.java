package dev.whittle.jazzer.hook;

import dev.whittle.jazzer.output.MinimizationOutputs;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The crash files a Jazzer run writes: libFuzzer writes each finding's input to {@code
 * <artifact_prefix>crash-<sha1 of the input>} ({@code -artifact_prefix} is a plain string prefix:
 * {@code out/} gives {@code out/crash-...}, {@code out/run1-} gives {@code out/run1-crash-...}). A
 * snapshot taken when the JVM starts tells the run's own crash files from older ones: a file counts
 * when it is new or changed since, and its name is the SHA-1 of its content.
 */
final class CrashFiles {
  private static final Pattern SHA1 = Pattern.compile("[0-9a-f]{40}");

  private final Path directory;
  private final String namePrefix;
  private final Map<Path, FileTime> before;

  private CrashFiles(Path directory, String namePrefix, Map<Path, FileTime> before) {
    this.directory = directory;
    this.namePrefix = namePrefix;
    this.before = before;
  }

  /** Notes the crash files under {@code artifactPrefix} as they are now. */
  static CrashFiles snapshot(String artifactPrefix) {
    int slash = artifactPrefix.lastIndexOf('/');
    Path directory = Path.of(slash < 0 ? "." : artifactPrefix.substring(0, slash + 1));
    String namePrefix = artifactPrefix.substring(slash + 1) + "crash-";
    CrashFiles empty = new CrashFiles(directory.toAbsolutePath().normalize(), namePrefix, Map.of());
    Map<Path, FileTime> before = new HashMap<>();
    for (Path file : empty.candidates()) {
      FileTime modified = modified(file);
      if (modified != null) {
        before.put(file, modified);
      }
    }
    return new CrashFiles(empty.directory, namePrefix, before);
  }

  Path directory() {
    return directory;
  }

  /** Where libFuzzer writes the crash file of the input whose SHA-1 is {@code sha1}. */
  Path fileOf(String sha1) {
    return directory.resolve(namePrefix + sha1);
  }

  /** The crash files written since the snapshot, oldest first. */
  List<Path> writtenSince() {
    Map<Path, FileTime> written = new HashMap<>();
    for (Path file : candidates()) {
      FileTime modified = modified(file);
      if (modified != null && !modified.equals(before.get(file)) && nameMatchesContent(file)) {
        written.put(file, modified);
      }
    }
    List<Path> oldestFirst = new ArrayList<>(written.keySet());
    oldestFirst.sort(Comparator.comparing(written::get));
    return oldestFirst;
  }

  private List<Path> candidates() {
    List<Path> files = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory, namePrefix + "*")) {
      for (Path entry : entries) {
        String sha1 = entry.getFileName().toString().substring(namePrefix.length());
        if (SHA1.matcher(sha1).matches() && Files.isRegularFile(entry)) {
          files.add(entry);
        }
      }
    } catch (IOException e) {
      // A missing directory has no crash files; libFuzzer refuses to start without it anyway.
    }
    return files;
  }

  /** Whether {@code file} is whole: libFuzzer names it after the SHA-1 of what it holds. */
  private boolean nameMatchesContent(Path file) {
    try {
      String sha1 = file.getFileName().toString().substring(namePrefix.length());
      return sha1.equals(MinimizationOutputs.sha1Hex(Files.readAllBytes(file)));
    } catch (IOException e) {
      return false;
    }
  }

  private static FileTime modified(Path file) {
    try {
      return Files.readAttributes(file, BasicFileAttributes.class).lastModifiedTime();
    } catch (IOException e) {
      return null;
    }
  }
}
