package dev.whittle.jazzer.api;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * How a minimization's result was checked, and with what outcome.
 *
 * @param verified whether the written input reproduced the finding every time it was checked
 * @param method how it was checked: {@link #FRESH_CLASS_LOADER}, {@link #FRESH_JVM}, {@link
 *     #SAME_TARGET} or {@link #NONE}
 * @param detail for people: the runs, the JVM options, a back-off along the improvements, or why it
 *     is not verified; never null, may be empty
 */
@API(status = STABLE, since = "0.1")
public record Verification(boolean verified, String method, String detail) {
  /** Run once more in a freshly loaded target inside the minimizing JVM. */
  public static final String FRESH_CLASS_LOADER = "fresh class loader";

  /** Run in fresh JVMs with the same heap and stack limits. */
  public static final String FRESH_JVM = "fresh JVM";

  /** Run once more on the already loaded target it was minimized against. */
  public static final String SAME_TARGET = "same target";

  /** Not checked at all, e.g. after an interrupt. */
  public static final String NONE = "none";

  public Verification {
    checkNotNull(method, "method");
    checkNotNull(detail, "detail");
  }
}
