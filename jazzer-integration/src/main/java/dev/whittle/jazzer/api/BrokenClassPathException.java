package dev.whittle.jazzer.api;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * A run of the target threw a linkage error ({@link NoClassDefFoundError}, {@link
 * NoSuchMethodError} and the other {@link LinkageError}s, or {@link ClassNotFoundException}): the
 * target's classes do not fit together, a configuration error rather than a finding, so nothing is
 * minimized and nothing is written. The message names the missing class or member and the class
 * path entries to check ({@link Finding#classPathProblem()}).
 */
@API(status = STABLE, since = "0.1")
public final class BrokenClassPathException extends CrashMinimizationException {
  private final String inputName;
  private final Finding finding;

  /**
   * @param inputName the crash file or corpus input whose run threw
   * @param finding that run's finding, which has a {@link Finding#classPathProblem()}
   */
  public BrokenClassPathException(String inputName, Finding finding) {
    super(message(inputName, finding));
    this.inputName = inputName;
    this.finding = finding;
  }

  private static String message(String inputName, Finding finding) {
    checkNotNull(inputName, "inputName");
    checkNotNull(finding, "finding");
    checkArgument(finding.classPathProblem().isPresent(), "not a class path problem: %s", finding);
    return "the target's class path is broken, so nothing is minimized or written: "
        + inputName
        + " makes it throw "
        + finding.describe()
        + ". "
        + finding.classPathProblem().get()
        + ". A linkage error is a configuration error, not a finding: fix the class path and run"
        + " again";
  }

  /** The crash file or corpus input whose run threw. */
  public String inputName() {
    return inputName;
  }

  /** The run's finding. */
  public Finding finding() {
    return finding;
  }
}
