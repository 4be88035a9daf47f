package dev.whittle.jazzer.finding;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.jazzer.api.Finding;
import org.apiguardian.api.API;

/**
 * Turns what a run threw into a {@link Finding}, or null when it found nothing. The dedup token is
 * computed only here, when something was thrown, so that clean runs cost nothing extra.
 */
@API(status = INTERNAL, since = "0.1")
public final class FindingClassifier {
  /** JUnit's assumption failures: Jazzer skips such inputs instead of reporting them. */
  static final String TEST_ABORTED = "org.opentest4j.TestAbortedException";

  /** Jazzer's API misuse signal: an error in the harness, never a finding. */
  static final String JAZZER_API_EXCEPTION = "com.code_intelligence.jazzer.api.JazzerApiException";

  private final DedupToken dedupToken;
  private final ClassLocator classLocator;

  /** A classifier that looks for the classes of a broken class path on the system class path. */
  public FindingClassifier(DedupToken dedupToken) {
    this(dedupToken, ClassLocations.of(ClassLoader.getSystemClassLoader()));
  }

  /**
   * @param classLocator where the target's classes come from, for the message of a finding that is
   *     a broken class path ({@link ClassPathProblems})
   */
  public FindingClassifier(DedupToken dedupToken, ClassLocator classLocator) {
    this.dedupToken = dedupToken;
    this.classLocator = classLocator;
  }

  /** The finding of a run that threw {@code thrown} (null if it threw nothing), or null. */
  public Finding classifyThrown(Throwable thrown) {
    if (thrown == null || isNoFinding(thrown.getClass().getName())) {
      return null;
    }
    DedupToken.Computed computed = dedupToken.compute(thrown);
    Finding finding =
        Finding.thrown(
            thrown.getClass().getName(),
            messageOf(thrown),
            computed.token(),
            computed.frames(),
            computed.recursion());
    return ClassPathProblems.diagnose(thrown, classLocator)
        .map(finding::withClassPathProblem)
        .orElse(finding);
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
