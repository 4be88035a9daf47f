package dev.whittle.cli;

/** The operating system refused to start the test command, for example because it is missing. */
final class TestCommandNotStartableException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  TestCommandNotStartableException(String message, Throwable cause) {
    super(message, cause);
  }
}
