package dev.whittle.jazzer.command;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.Oracle;
import dev.whittle.api.Outcome;
import dev.whittle.engine.command.CandidateDirectoryGoneException;
import dev.whittle.engine.command.CommandRun;
import dev.whittle.engine.command.ExternalCommandOracle;
import dev.whittle.engine.command.TestCommandNotStartableException;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * An external command as the interestingness test: run without a shell, once per candidate, with
 * the path of a file holding the candidate appended as its last argument. Exit status 0 means
 * interesting.
 */
@API(status = INTERNAL, since = "0.1")
public final class TestCommand implements Oracle<byte[]>, AutoCloseable {
  private final ExternalCommandOracle oracle;

  private TestCommand(ExternalCommandOracle oracle) {
    this.oracle = oracle;
  }

  /**
   * A test command whose candidate files are called {@code candidateFileName}, in a private
   * temporary directory.
   *
   * @param timeout how long one run may take, or empty for no limit
   */
  public static TestCommand start(
      List<String> command, String candidateFileName, Optional<Duration> timeout)
      throws IOException {
    return new TestCommand(ExternalCommandOracle.create(command, candidateFileName, timeout));
  }

  @Override
  public Outcome test(byte[] candidate) {
    return oracle.test(candidate);
  }

  /**
   * Runs the command on {@code candidate}.
   *
   * @throws RuntimeException that {@link #failureOf} tells apart, if the command cannot be started
   */
  public Run run(byte[] candidate) {
    return Run.of(oracle.run(candidate));
  }

  /**
   * Runs the command on {@code candidate}, keeping the end of its standard error for a message.
   *
   * @param maxBytes how many bytes of the end of the standard error to keep
   * @throws RuntimeException that {@link #failureOf} tells apart, if the command cannot be started
   */
  public RunWithError runKeepingError(byte[] candidate, int maxBytes) {
    ExternalCommandOracle.RunWithError run = oracle.runKeepingError(candidate, maxBytes);
    return new RunWithError(Run.of(run.run()), run.errorTail(), run.errorCut());
  }

  /**
   * A run with the end of its standard error.
   *
   * @param errorTail the last bytes the command wrote to its standard error
   * @param errorCut whether it wrote more, whose start is left out
   */
  public record RunWithError(Run run, byte[] errorTail, boolean errorCut) {}

  /** The last run that ended, for messages. */
  public Optional<Run> lastRun() {
    return oracle.lastRun().map(Run::of);
  }

  /** The command and its arguments, without the candidate's path. */
  public List<String> command() {
    return oracle.command();
  }

  /** Waits for runs under way and deletes the candidates' directory. */
  @Override
  public void close() throws IOException {
    oracle.close();
  }

  /**
   * What {@code thrown} says about the test command, if it is one of its failures: not startable at
   * all, or its candidates' directory gone while it ran.
   */
  public static Optional<Failure> failureOf(Throwable thrown) {
    checkNotNull(thrown, "thrown");
    if (thrown instanceof TestCommandNotStartableException) {
      return Optional.of(new Failure(Failure.Kind.NOT_STARTABLE, thrown.getMessage()));
    }
    if (thrown instanceof CandidateDirectoryGoneException) {
      return Optional.of(new Failure(Failure.Kind.CANDIDATE_DIRECTORY_GONE, thrown.getMessage()));
    }
    return Optional.empty();
  }

  /**
   * How one run ended.
   *
   * @param outcome what it means for the candidate
   * @param description a phrase that completes "the test command ...", for messages
   */
  public record Run(Outcome outcome, String description) {
    static Run of(CommandRun run) {
      return new Run(run.outcome(), run.describe());
    }
  }

  /** A failure of the test command itself, with its message. */
  public record Failure(Kind kind, String message) {
    /** What failed. */
    public enum Kind {
      NOT_STARTABLE,
      CANDIDATE_DIRECTORY_GONE
    }
  }
}
