package dev.whittle.cli;

import com.google.common.base.Throwables;
import dev.whittle.api.Outcome;
import dev.whittle.jazzer.command.TestCommand;
import dev.whittle.jazzer.output.OutputWriteException;
import dev.whittle.jazzer.output.ResultFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * What {@code whittle reduce} tells the user when the test command or the reduction fails: the
 * check of INPUT, a result that failed its re-check, a forgotten INPUT, and the cause the user can
 * act on in whatever the engine wrapped around it.
 */
final class ReduceFailures {
  private ReduceFailures() {}

  /**
   * Runs the test command {@code --check-runs} times on INPUT: it must be interesting every time.
   * The search's own first question, INPUT, is then answered by this check.
   */
  static void checkOriginal(RepeatedCheck checks, TestCommand oracle, byte[] original, Path input) {
    RepeatedCheck.Tally tally = checks.check(original, false);
    if (tally.interrupted()) {
      throw new CliException(
          ExitCodes.INTERRUPTED,
          "interrupted while checking the original input " + input + "; nothing written");
    }
    if (tally.interesting() == 0) {
      throw new CliException(
          ExitCodes.ORIGINAL_NOT_INTERESTING,
          notInterestingMessage(oracle, input) + errorOfOneMoreRun(oracle, original));
    }
    if (!tally.allInteresting()) {
      throw new CliException(
          ExitCodes.FLAKY_FINDING,
          "the test command '"
              + String.join(" ", oracle.command())
              + "' is flaky on the original input "
              + input
              + ": it "
              + tally.describe()
              + ". A reduction needs the same answer on the same content: make the test"
              + " deterministic (fixed seeds, no timing, no state shared between runs), or give"
              + " --check-runs 1 to trust one answer; nothing written");
    }
  }

  /** The warning when the result failed its re-check and {@code written} went out instead. */
  static String flakyResult(
      RepeatedCheck.Tally recheck,
      byte[] reduced,
      byte[] written,
      byte[] original,
      Path resultPath) {
    String instead =
        Arrays.equals(written, original)
            ? "INPUT's content, as no smaller result it kept passed its re-check"
            : "the smallest earlier result that passed its re-check, " + written.length + " bytes";
    return "whittle: the test command is flaky: on the search's result ("
        + reduced.length
        + " bytes) it "
        + recheck.describe()
        + "; "
        + resultPath
        + " holds instead "
        + instead
        + ". Make the test deterministic and reduce again.";
  }

  /** Finds the cause the user can act on in whatever the engine wrapped around it. */
  static CliException translate(RuntimeException e, ResultFile resultFile) {
    for (Throwable cause : Throwables.getCausalChain(e)) {
      if (cause instanceof CliException cli) {
        return cli;
      }
      if (cause instanceof OutOfMemoryError outOfMemory) {
        throw outOfMemory; // in a job's thread: reported as Whittle's own, as on the main thread
      }
      if (cause instanceof OutputWriteException unwritable) {
        return Outputs.unwritable(unwritable);
      }
      Optional<TestCommand.Failure> failure = TestCommand.failureOf(cause);
      if (failure.isPresent()) {
        return switch (failure.get().kind()) {
          case NOT_STARTABLE ->
              new CliException(ExitCodes.TEST_NOT_STARTABLE, failure.get().message(), e);
          case CANDIDATE_DIRECTORY_GONE ->
              new CliException(
                  ExitCodes.FAILURE,
                  failure.get().message() + "; " + resultFile.describeSaved(),
                  e);
        };
      }
    }
    return new CliException(ExitCodes.FAILURE, "the reduction failed: " + e.getMessage(), e);
  }

  /**
   * A forgotten INPUT makes the test command's last word INPUT: say so, rather than only that a
   * file named like a pattern does not exist.
   */
  static CliException forgottenInput(Path input) {
    // The test command's last word is INPUT in the first form: a missing file and a forgotten
    // INPUT look the same, so the message says both.
    return new CliException(
        ExitCodes.INPUT_UNREADABLE,
        "input file not found: "
            + input
            + ", the last word after --test, taken as INPUT; if it belongs to the test command,"
            + " no INPUT was given: give it as in one of the two forms:"
            + System.lineSeparator()
            + "  whittle reduce --test CMD [ARG...] [OPTIONS] INPUT"
            + System.lineSeparator()
            + "  whittle reduce [OPTIONS] INPUT -- CMD [ARG...]");
  }

  /** How much of the test command's standard error a message shows, from its end. */
  static final int SHOWN_ERROR_BYTES = 4096;

  static final int SHOWN_ERROR_LINES = 20;

  /**
   * The end of the test command's standard error on {@code original}, from one more run that keeps
   * it (the search's runs discard it), for a message that says why the command failed: a wrong
   * option or a missing file shows there, not in the exit status. Empty when that run exits with
   * status 0 after all (the flaky message of the next check tells about that), or writes nothing.
   */
  private static String errorOfOneMoreRun(TestCommand oracle, byte[] original) {
    TestCommand.RunWithError run = oracle.runKeepingError(original, SHOWN_ERROR_BYTES);
    if (run.run().outcome() != Outcome.NOT_INTERESTING) {
      return "";
    }
    String text = new String(run.errorTail(), StandardCharsets.UTF_8);
    List<String> lines = new ArrayList<>(text.lines().toList());
    boolean cut = run.errorCut();
    if (cut && !lines.isEmpty()) {
      lines.remove(0); // begun before the bytes kept
    }
    while (!lines.isEmpty() && lines.get(lines.size() - 1).isBlank()) {
      lines.remove(lines.size() - 1);
    }
    if (lines.isEmpty()) {
      return ". Its standard error is empty";
    }
    if (lines.size() > SHOWN_ERROR_LINES) {
      lines = lines.subList(lines.size() - SHOWN_ERROR_LINES, lines.size());
      cut = true;
    }
    StringBuilder shown =
        new StringBuilder(". Its standard error")
            .append(cut ? ", the last " + lines.size() + " lines," : "")
            .append(" on one more run (which ")
            .append(run.run().description())
            .append("):");
    for (String line : lines) {
      shown.append(System.lineSeparator()).append("  | ").append(DisplayedText.of(line));
    }
    return shown.toString();
  }

  private static String notInterestingMessage(TestCommand oracle, Path input) {
    String what = oracle.lastRun().map(TestCommand.Run::description).orElse("did not say");
    return "the original input "
        + input
        + " is not interesting: the test command '"
        + String.join(" ", oracle.command())
        + "' "
        + what
        + " on it, and Whittle reduces inputs on which it exits with status 0; nothing written";
  }
}
