package dev.whittle.cli;

import static com.google.common.base.Preconditions.checkNotNull;

import dev.whittle.engine.io.AtomicFiles;
import java.io.IOException;
import java.nio.file.Path;

/** The file the result goes to, replaced atomically at every save. */
final class ResultFile {
  private final Path path;
  private long savedLength = -1;

  ResultFile(Path path) {
    this.path = checkNotNull(path, "path");
  }

  /**
   * Replaces the file's content.
   *
   * @throws CliException if the file cannot be written
   */
  void save(byte[] content) {
    try {
      AtomicFiles.write(path, content);
      savedLength = content.length;
    } catch (IOException e) {
      throw new CliException(
          ExitCodes.OUTPUT_UNWRITABLE, "cannot write the result to " + path + ": " + e, e);
    }
  }

  Path path() {
    return path;
  }

  /** The length of what this run wrote last, or -1 before it wrote anything. */
  long savedLength() {
    return savedLength;
  }
}
