package dev.whittle.jazzer.api;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * When a minimized input is verified in fresh JVMs, started with the same heap and stack limits,
 * rather than only in a fresh class loader inside the minimizing JVM (see {@link
 * CrashMinimizer#withFreshJvmVerification}). A result verified this way reproduced the finding in
 * each of {@link CrashMinimizer#withFreshJvmRuns} JVMs started with {@link
 * CrashMinimizer#withFreshJvmArgs}; when the reduction's smallest input does not, the minimizer
 * backs off along the reduction's improvements to the smallest one that does, and to the crash
 * itself if none does, which is then returned unverified ({@link MinimizationResult#verification()}
 * says why). Only for a target that can run in a fresh JVM ({@link FuzzTarget#canRunInFreshJvm()}).
 */
@API(status = STABLE, since = "0.1")
public enum FreshJvmVerification {
  /**
   * Never: a fresh class loader in this JVM verifies every result; one whose runs set JVM-global
   * state that cannot be put back (a one-shot factory of {@code java.net}) is unverified.
   */
  OFF,
  /**
   * For {@link StackOverflowError} and {@link OutOfMemoryError} findings, whose reproduction
   * depends on the JVM's state and limits (JIT-compiled frames are smaller, a warm heap is fuller),
   * and for every finding of a target whose runs changed JVM-global state (the default locale or
   * time zone, a system property, ...), which a fresh class loader does not reset; a fresh class
   * loader for the others. The default.
   */
  RESOURCE_FINDINGS,
  /** For every finding. Costs a JVM start per run, a few runs per result. */
  ALWAYS;

  /** Whether {@code finding} gets fresh JVMs under this mode. */
  public boolean appliesTo(Finding finding) {
    return switch (this) {
      case OFF -> false;
      case ALWAYS -> true;
      case RESOURCE_FINDINGS -> isResourceFinding(finding);
    };
  }

  /** A stack overflow or an out-of-memory error: a finding of the JVM's limits. */
  public static boolean isResourceFinding(Finding finding) {
    return finding.kind() == Finding.Kind.THROWN
        && (finding.exceptionClassName().equals(StackOverflowError.class.getName())
            || finding.exceptionClassName().equals(OutOfMemoryError.class.getName()));
  }
}
