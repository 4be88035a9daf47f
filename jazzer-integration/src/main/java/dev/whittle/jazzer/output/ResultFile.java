package dev.whittle.jazzer.output;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.engine.io.AtomicFiles;
import java.io.IOException;
import java.lang.ref.WeakReference;
import java.nio.file.Path;
import org.apiguardian.api.API;

/**
 * The file the result of {@code whittle reduce} goes to, replaced atomically at every save, so that
 * an interrupted run leaves its best result.
 */
@API(status = INTERNAL, since = "0.1")
public final class ResultFile {
  private final Path path;
  private volatile long savedLength = -1;

  /**
   * What was written last, to skip writing the very same array again; weakly, so that an encoded
   * copy of a large result is not kept for this alone.
   */
  private volatile WeakReference<byte[]> saved = new WeakReference<>(null);

  public ResultFile(Path path) {
    this.path = checkNotNull(path, "path");
  }

  /**
   * Replaces the file's content.
   *
   * @throws OutputWriteException if the file cannot be written
   */
  public void save(byte[] content) {
    if (content == saved.get()) {
      return; // the final save of a result saved at its improvement: a large input's whole result
    }
    try {
      AtomicFiles.write(path, content);
      saved = new WeakReference<>(content);
      savedLength = content.length;
    } catch (IOException e) {
      throw new OutputWriteException(path, "cannot write the result to " + path + ": " + e, e);
    }
  }

  /** What the file holds, for a message after a failure. */
  public String describeSaved() {
    long bytes = savedLength;
    return bytes < 0
        ? "nothing was written"
        : "the best result so far (" + bytes + " bytes) is in " + path;
  }

  public Path path() {
    return path;
  }

  /** The length of what this run wrote last, or -1 before it wrote anything. */
  public long savedLength() {
    return savedLength;
  }
}
