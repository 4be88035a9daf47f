package dev.whittle.cli;

import static com.google.common.base.Preconditions.checkNotNull;

import dev.whittle.engine.io.AtomicFiles;
import java.io.IOException;
import java.nio.file.Path;

/** The file the result goes to, replaced atomically at every save. */
final class ResultFile {
  private final Path path;
  private volatile long savedBytes = -1;

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
      savedBytes = content.length;
    } catch (IOException e) {
      throw new CliException(
          ExitCodes.OUTPUT_UNWRITABLE, "cannot write the result to " + path + ": " + e, e);
    }
  }

  /** What the file holds, for a message after a failure. */
  String describeSaved() {
    long bytes = savedBytes;
    return bytes < 0
        ? "nothing was written"
        : "the best result so far (" + bytes + " bytes) is in " + path;
  }

  Path path() {
    return path;
  }
}
