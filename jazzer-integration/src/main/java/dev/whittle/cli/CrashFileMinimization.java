package dev.whittle.cli;

import dev.whittle.jazzer.api.BrokenClassPathException;
import dev.whittle.jazzer.api.CrashMinimizationException;
import dev.whittle.jazzer.api.CrashMinimizer;
import dev.whittle.jazzer.api.FlakyFindingException;
import dev.whittle.jazzer.api.FuzzTargetLoadException;
import dev.whittle.jazzer.api.MinimizationResult;
import dev.whittle.jazzer.api.NoFindingException;
import dev.whittle.jazzer.api.Phases;
import dev.whittle.jazzer.api.Verification;
import dev.whittle.jazzer.input.InputFiles;
import dev.whittle.jazzer.input.UnreadableInputException;
import dev.whittle.jazzer.output.EscapedBytes;
import dev.whittle.jazzer.output.MinimizationOutputs;
import dev.whittle.jazzer.output.OutputWriteException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * One crash file's turn in {@code whittle minimize}: minimized, its result written by the output
 * package where it belongs (or in a fallback directory), and every failure told on standard error
 * as the outcome with its exit code.
 */
final class CrashFileMinimization {
  private final PrintWriter err;
  private final Optional<Path> output;
  private final Duration runTimeout;
  private final PlotOption plot;

  CrashFileMinimization(
      PrintWriter err, Optional<Path> output, Duration runTimeout, PlotOption plot) {
    this.err = err;
    this.output = output;
    this.runTimeout = runTimeout;
    this.plot = plot;
  }

  CrashOutcome minimize(CrashMinimizer minimizer, Path crash) {
    try {
      long size = InputFiles.checkedLength(crash, "crash file");
      err.println("whittle: minimizing " + DisplayedText.of(crash) + " (" + size + " bytes)");
      err.flush();
      MinimizationResult result =
          minimizer
              .withProgressListener(new ProgressPrinter(err, "bytes", Math.toIntExact(size)))
              .minimize(crash);
      boolean interrupted = Thread.interrupted();
      try {
        return save(crash, result);
      } finally {
        if (interrupted) {
          Thread.currentThread().interrupt();
        }
      }
    } catch (UnreadableInputException e) {
      return failed(crash, Inputs.exitCode(e), e.getMessage());
    } catch (IOException e) {
      return failed(
          crash, ExitCodes.INPUT_UNREADABLE, "cannot read crash file " + crash + ": " + e);
    } catch (NoFindingException e) {
      return failed(crash, ExitCodes.CRASH_NOT_REPRODUCED, e.getMessage());
    } catch (FlakyFindingException e) {
      return failed(crash, ExitCodes.FLAKY_FINDING, e.getMessage());
    } catch (FuzzTargetLoadException e) {
      return failed(crash, ExitCodes.TARGET_NOT_LOADABLE, e.getMessage());
    } catch (BrokenClassPathException e) {
      return failed(crash, ExitCodes.CLASS_PATH_BROKEN, e.getMessage());
    } catch (CrashMinimizationException e) {
      return failed(crash, ExitCodes.FAILURE, crash + ": " + e.getMessage());
    } catch (OutputWriteException e) {
      return failed(crash, ExitCodes.OUTPUT_UNWRITABLE, e.getMessage());
    }
  }

  /**
   * Writes the result where it belongs, or else into a fallback directory, and says so; when no
   * place takes it, prints all of its bytes, so that the work is not lost.
   */
  private CrashOutcome save(Path crash, MinimizationResult result) {
    Path minimizedFile = output.orElseGet(() -> MinimizationOutputs.defaultPath(crash, result));
    MinimizationOutputs.Written written;
    try {
      written =
          MinimizationOutputs.writeOrFallBack(
              crash, minimizedFile, result, runTimeout, MinimizationOutputs.fallbackDirectories());
    } catch (OutputWriteException e) {
      return failed(
          crash,
          ExitCodes.OUTPUT_UNWRITABLE,
          crash
              + ": minimized to "
              + result.minimized().length
              + " bytes, but nothing could be written: "
              + e.getMessage()
              + ". The minimized input, escaped: "
              + EscapedBytes.of(result.minimized(), Integer.MAX_VALUE));
    }
    written
        .fallback()
        .ifPresent(
            reason -> {
              err.println(
                  "whittle: "
                      + DisplayedText.of(crash)
                      + ": "
                      + DisplayedText.of(reason)
                      + "; wrote "
                      + DisplayedText.of(written.minimized())
                      + " and "
                      + DisplayedText.of(written.reproducer())
                      + " instead. The minimized input ("
                      + result.minimized().length
                      + " bytes): "
                      + EscapedBytes.of(result.minimized(), EscapedBytes.SHOWN_BYTES));
              err.flush();
            });
    if (!result.verified() && !result.verification().method().equals(Verification.NONE)) {
      String method = result.verification().method();
      err.println(
          "whittle: "
              + DisplayedText.of(crash)
              + ": result NOT verified in "
              + (method.equals(Verification.FRESH_JVM) ? "fresh JVMs" : "a " + method)
              + ", written as "
              + DisplayedText.of(written.minimized())
              + ": "
              + result.verification().detail());
      err.flush();
    }
    plot.draw("whittle minimize " + crash.getFileName(), result.reduction());
    Phases.end("output writing");
    return new CrashOutcome.Minimized(
        crash, result, written.minimized(), written.reproducer(), written.fallback());
  }

  private CrashOutcome.Failed failed(Path crash, int exitCode, String message) {
    // Every run of an interrupted thread ends at once without a finding: the message would lie.
    CrashOutcome.Failed failed =
        Thread.currentThread().isInterrupted()
            ? new CrashOutcome.Failed(
                crash,
                ExitCodes.INTERRUPTED,
                crash + ": interrupted before it could be minimized; nothing written")
            : new CrashOutcome.Failed(crash, exitCode, message);
    err.println("whittle: " + DisplayedText.of(failed.message()));
    err.flush();
    return failed;
  }
}
