package dev.whittle.engine.command;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/** The operating system refused to start the test command, for example because it is missing. */
@API(status = INTERNAL, since = "0.1")
public final class TestCommandNotStartableException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  TestCommandNotStartableException(String message, Throwable cause) {
    super(message, cause);
  }
}
