package dev.whittle.api;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * A sequence reduction strategy, by name and options. Instances are immutable descriptors; the
 * engine owns the implementations. Obtain them from {@link Algorithms}.
 */
@API(status = STABLE, since = "0.1")
public interface Algorithm {
  /** The name the command line and summaries use, for example {@code "ddmin"}. */
  String name();

  /** Whether the algorithm ends with a one-by-one sweep that makes the result 1-minimal. */
  boolean minimizes();
}
