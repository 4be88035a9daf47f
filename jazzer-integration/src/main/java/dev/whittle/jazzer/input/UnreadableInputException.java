package dev.whittle.jazzer.input;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import org.apiguardian.api.API;

/**
 * An input file Whittle will not or cannot read; the message names the file and says why, ready for
 * the user.
 */
@API(status = INTERNAL, since = "0.1")
public final class UnreadableInputException extends IOException {
  private static final long serialVersionUID = 1L;

  private final boolean heapTooSmall;

  UnreadableInputException(String message, boolean heapTooSmall, Throwable cause) {
    super(message, cause);
    this.heapTooSmall = heapTooSmall;
  }

  /**
   * Whether the file is fine but did not fit in this JVM's heap: a larger heap helps, unlike for
   * every other reason.
   */
  public boolean heapTooSmall() {
    return heapTooSmall;
  }
}
