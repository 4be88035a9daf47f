package dev.whittle.jazzer.agent;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * Stack overflows that struck inside Jazzer's class-file transformer, per thread. A class loaded
 * for the first time deep in a recursion is transformed right there, with what is left of the
 * stack; an overflow in the transformer never reaches the target: the JVM's instrumentation drops
 * it (printing at most {@code *** java.lang.instrument ASSERTION FAILED ***}), loads the class
 * untransformed and the run goes on as if nothing had happened. Without Jazzer's agent the same run
 * would have overflowed there, so a run that records one here counts as that overflow.
 *
 * <p>Only the transformers Jazzer adds through {@link TargetOnlyInstrumentation} (the agent Whittle
 * installs) are watched; an agent Jazzer installed itself, in a Jazzer run or under jazzer-junit,
 * is not.
 */
@API(status = INTERNAL, since = "0.1")
public final class SwallowedOverflows {
  private static final ThreadLocal<StackOverflowError> LAST = new ThreadLocal<>();

  private SwallowedOverflows() {}

  /**
   * Forgets what this thread recorded. Called before each run, which also creates the thread's
   * slot, so that recording one deep in a recursion takes as little stack as possible.
   */
  public static void clear() {
    LAST.set(null);
  }

  /** The overflow this thread's transformer calls met since {@link #clear}, or null; forgets it. */
  public static StackOverflowError take() {
    StackOverflowError overflow = LAST.get();
    if (overflow != null) {
      LAST.set(null);
    }
    return overflow;
  }

  /** Notes an overflow a transformer met on this thread. */
  public static void record(StackOverflowError overflow) {
    LAST.set(overflow);
  }
}
