package dev.whittle.cli;

import static com.google.common.base.Preconditions.checkNotNull;

import dev.whittle.engine.io.AtomicFiles;
import java.io.IOException;
import java.lang.ref.WeakReference;
import java.nio.file.Path;

/** The file the result goes to, replaced atomically at every save. */
final class ResultFile {
  private final Path path;
  private volatile long savedLength = -1;

  /**
   * What was written last, to skip writing the very same array again; weakly, so that an encoded
   * copy of a large result is not kept for this alone.
   */
  private volatile WeakReference<byte[]> saved = new WeakReference<>(null);

  ResultFile(Path path) {
    this.path = checkNotNull(path, "path");
  }

  /**
   * Replaces the file's content.
   *
   * @throws CliException if the file cannot be written
   */
  void save(byte[] content) {
    if (content == saved.get()) {
      return; // the final save of a result saved at its improvement: tens of MB on a large input
    }
    try {
      AtomicFiles.write(path, content);
      saved = new WeakReference<>(content);
      savedLength = content.length;
    } catch (IOException e) {
      throw new CliException(
          ExitCodes.OUTPUT_UNWRITABLE, "cannot write the result to " + path + ": " + e, e);
    }
  }

  /** What the file holds, for a message after a failure. */
  String describeSaved() {
    long bytes = savedLength;
    return bytes < 0
        ? "nothing was written"
        : "the best result so far (" + bytes + " bytes) is in " + path;
  }

  Path path() {
    return path;
  }

  /** The length of what this run wrote last, or -1 before it wrote anything. */
  long savedLength() {
    return savedLength;
  }
}
