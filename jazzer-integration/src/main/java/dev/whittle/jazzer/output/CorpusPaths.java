package dev.whittle.jazzer.output;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Corpus directories as the user sees them: a symbolic link to a directory is that directory, when
 * it is read (its files walked) and when it is compared with another (the place an output goes
 * against the inputs it must not change), as libFuzzer reads a corpus through links.
 */
@API(status = INTERNAL, since = "0.1")
public final class CorpusPaths {
  private CorpusPaths() {}

  /**
   * {@code path} absolute, with every symbolic link resolved as far as it exists: a part not
   * created yet (an output directory) is appended to its nearest existing ancestor's real path.
   */
  public static Path real(Path path) {
    checkNotNull(path, "path");
    Path absolute = path.toAbsolutePath().normalize();
    Path existing = absolute;
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null) {
      return absolute;
    }
    try {
      return existing.toRealPath().resolve(existing.relativize(absolute)).normalize();
    } catch (IOException e) {
      return absolute; // Unreadable on the way: compared as written.
    }
  }

  /** Whether {@code path} is or lies in the directory {@code directory}, links resolved. */
  public static boolean isIn(Path path, Path directory) {
    return Files.isDirectory(directory) && real(path).startsWith(real(directory));
  }

  /**
   * The regular files under {@code directory}, read recursively through symbolic links to files and
   * directories, sorted by path; a link back to a directory being walked (a loop) is skipped, since
   * its files are walked already, and a dangling link is no file.
   *
   * @throws IOException naming the file or directory that cannot be read
   */
  public static List<Path> regularFiles(Path directory) throws IOException {
    checkNotNull(directory, "directory");
    List<Path> files = new ArrayList<>();
    Files.walkFileTree(
        directory,
        EnumSet.of(FileVisitOption.FOLLOW_LINKS),
        Integer.MAX_VALUE,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
            if (attributes.isRegularFile()) {
              files.add(file);
            }
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
            if (e instanceof FileSystemLoopException) {
              return FileVisitResult.CONTINUE;
            }
            throw new IOException(file + ": " + e.getMessage(), e);
          }
        });
    files.sort(null);
    return files;
  }
}
