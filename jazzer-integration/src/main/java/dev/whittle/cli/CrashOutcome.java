package dev.whittle.cli;

import static com.google.common.base.Preconditions.checkNotNull;

import dev.whittle.jazzer.api.MinimizationResult;
import dev.whittle.jazzer.api.Verification;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** What became of one crash file in {@code whittle minimize}. */
sealed interface CrashOutcome {
  Path crash();

  /**
   * Minimized, with both outputs on disk; {@code fallback} says why they are in a fallback
   * directory rather than where they belong, when they are.
   */
  record Minimized(
      Path crash,
      MinimizationResult result,
      Path minimizedFile,
      Path reproducerFile,
      Optional<String> fallback)
      implements CrashOutcome {
    public Minimized {
      checkNotNull(crash, "crash");
      checkNotNull(result, "result");
      checkNotNull(minimizedFile, "minimizedFile");
      checkNotNull(reproducerFile, "reproducerFile");
      checkNotNull(fallback, "fallback");
    }
  }

  /**
   * Not minimized; {@code exitCode} is one of {@link ExitCodes}, {@code message} names the file.
   */
  record Failed(Path crash, int exitCode, String message) implements CrashOutcome {
    public Failed {
      checkNotNull(crash, "crash");
      checkNotNull(message, "message");
    }
  }

  /**
   * The exit code of a run with {@code outcomes}: the first failure's, else interrupted, else a
   * result written to a fallback directory, else one its verification did not reproduce.
   */
  static int exitCode(List<CrashOutcome> outcomes, boolean interrupted) {
    for (CrashOutcome outcome : outcomes) {
      if (outcome instanceof CrashOutcome.Failed failed) {
        return failed.exitCode();
      }
    }
    if (interrupted) {
      return ExitCodes.INTERRUPTED;
    }
    for (CrashOutcome outcome : outcomes) {
      if (outcome instanceof CrashOutcome.Minimized minimized && minimized.fallback().isPresent()) {
        return ExitCodes.OUTPUT_UNWRITABLE;
      }
    }
    for (CrashOutcome outcome : outcomes) {
      if (outcome instanceof CrashOutcome.Minimized minimized
          && !minimized.result().verified()
          && !minimized.result().verification().method().equals(Verification.NONE)) {
        return ExitCodes.NOT_VERIFIED;
      }
    }
    return ExitCodes.OK;
  }
}
