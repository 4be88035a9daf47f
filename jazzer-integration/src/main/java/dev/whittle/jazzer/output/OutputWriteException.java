package dev.whittle.jazzer.output;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.nio.file.Path;
import org.apiguardian.api.API;

/** A minimization output that cannot be written; the message names the file. */
@API(status = INTERNAL, since = "0.1")
public final class OutputWriteException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final Path file;

  OutputWriteException(Path file, String message, Throwable cause) {
    super(message, cause);
    this.file = file;
  }

  /** The file that could not be written. */
  public Path file() {
    return file;
  }
}
