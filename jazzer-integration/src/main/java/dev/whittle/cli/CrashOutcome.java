package dev.whittle.cli;

import static com.google.common.base.Preconditions.checkNotNull;

import dev.whittle.jazzer.api.MinimizationResult;
import java.nio.file.Path;
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
}
