package dev.whittle.jazzer.output;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.nio.file.Path;
import org.apiguardian.api.API;

/** An output another run is writing; the message names it and the run, where known. */
@API(status = INTERNAL, since = "0.1")
public final class OutputBusyException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final Path output;

  OutputBusyException(Path output, String message) {
    super(message);
    this.output = output;
  }

  /** The output another run holds. */
  public Path output() {
    return output;
  }
}
