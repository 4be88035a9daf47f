package dev.whittle.cli;

/** The input's bytes cannot be read at the chosen granularity, for example invalid UTF-8. */
final class MalformedInputFileException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  MalformedInputFileException(String message) {
    super(message);
  }
}
