package dev.whittle.jazzer.api;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.STABLE;

import java.io.IOException;
import java.nio.file.Path;
import org.apiguardian.api.API;

/**
 * The output directory of a corpus minimization cannot be created or written; the message names it
 * and says why. Thrown before any run when the directory is unusable from the start, and when a
 * write fails later, which leaves the output incomplete but the input corpus untouched.
 */
@API(status = STABLE, since = "0.1")
public final class CorpusOutputException extends IOException {
  private static final long serialVersionUID = 1L;

  private final transient Path directory;

  public CorpusOutputException(Path directory, String message, Throwable cause) {
    super(message, cause);
    this.directory = checkNotNull(directory, "directory");
  }

  /** The output directory. */
  public Path directory() {
    return directory;
  }
}
