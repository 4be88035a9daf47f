package dev.whittle.jazzer.target;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * What a target's {@code System.exit}, {@code Runtime.exit} or {@code Runtime.halt} throws instead
 * of ending the JVM, once {@link ExitCallRewriter} has rewritten the call. An {@link Error}, as an
 * exit never returns: code that catches {@code Exception} lets it through. The request is recorded
 * before this is thrown, so the run counts as an exit finding even if the target catches it.
 */
@API(status = INTERNAL, since = "0.1")
public final class TargetExitRequest extends Error {
  private static final long serialVersionUID = 1L;

  private final int status;

  TargetExitRequest(String call, int status) {
    super(call + "(" + status + ") ends this run of the target, not the JVM (Whittle)");
    this.status = status;
  }

  /** The status the target asked to exit with. */
  public int status() {
    return status;
  }
}
