package dev.whittle.jazzer.api;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * Whittle's runs of a fuzz test's crash find something else than the failure its test framework
 * reported ({@link CrashMinimizer#withExpectedFailure}), so the reduction would shrink the wrong
 * failure: a class Whittle's copy of the test cannot load, static state the test framework's run
 * had and Whittle's copy has not, an exit. Nothing is minimized.
 */
@API(status = STABLE, since = "0.1")
public final class UnexpectedFindingException extends CrashMinimizationException {
  private final String expectedClassName;
  private final Finding found;

  public UnexpectedFindingException(String crashName, String expectedClassName, Finding found) {
    super(
        crashName
            + " fails with "
            + checkNotNull(expectedClassName, "expectedClassName")
            + " when the test framework runs it, but with "
            + describe(checkNotNull(found, "found"))
            + " when Whittle runs it; not minimizing the wrong failure");
    this.expectedClassName = expectedClassName;
    this.found = found;
  }

  private static String describe(Finding found) {
    return found.kind() == Finding.Kind.THROWN
        ? found + found.message().map(message -> ": " + message).orElse("")
        : found.toString();
  }

  /** The class of what the test framework's run threw. */
  public String expectedClassName() {
    return expectedClassName;
  }

  /** What Whittle's runs found instead, every time. */
  public Finding found() {
    return found;
  }
}
