package dev.whittle.jazzer.oracle;

import dev.whittle.jazzer.api.Finding;

/**
 * Turns how a run ended into a {@link Finding}, or null when it found nothing. The dedup token is
 * computed only here, when something was thrown, so that clean runs cost nothing extra.
 */
final class FindingClassifier {
  /** JUnit's assumption failures: Jazzer skips such inputs instead of reporting them. */
  static final String TEST_ABORTED = "org.opentest4j.TestAbortedException";

  /** Jazzer's API misuse signal: an error in the harness, never a finding. */
  static final String JAZZER_API_EXCEPTION = "com.code_intelligence.jazzer.api.JazzerApiException";

  private final DedupToken dedupToken;

  FindingClassifier(DedupToken dedupToken) {
    this.dedupToken = dedupToken;
  }

  /** The run's finding, or null. An exit request wins over what the refused exit threw. */
  Finding classify(AttemptRunner.RawRun run) {
    if (run.ending() == AttemptRunner.Ending.TIMED_OUT) {
      return Finding.timeout();
    }
    if (run.exitRequested()) {
      return Finding.exit(run.exitStatus());
    }
    Throwable thrown = run.thrown();
    if (thrown == null || isNoFinding(thrown.getClass().getName())) {
      return null;
    }
    DedupToken.Computed computed = dedupToken.compute(thrown);
    return Finding.thrown(
        thrown.getClass().getName(), messageOf(thrown), computed.token(), computed.frames());
  }

  private static boolean isNoFinding(String className) {
    return className.equals(TEST_ABORTED) || className.equals(JAZZER_API_EXCEPTION);
  }

  /** A hostile {@code getMessage()} must not take the minimizer down. */
  private static String messageOf(Throwable thrown) {
    try {
      return thrown.getMessage();
    } catch (RuntimeException | Error e) {
      return "<getMessage() threw " + e.getClass().getName() + ">";
    }
  }
}
