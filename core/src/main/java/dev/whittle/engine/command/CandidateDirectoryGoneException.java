package dev.whittle.engine.command;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * The temporary directory that holds the candidate file is gone: the test command deleted, moved or
 * replaced it, and no further candidate can be asked.
 */
@API(status = INTERNAL, since = "0.1")
public final class CandidateDirectoryGoneException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  CandidateDirectoryGoneException(String message) {
    super(message);
  }
}
