package dev.whittle.api;

/**
 * A sequence reduction strategy, by name and options. Instances are immutable descriptors; the
 * engine owns the implementations. Obtain them from {@link Algorithms}.
 */
public interface Algorithm {
  /** The name the command line and summaries use, for example {@code "ddmin"}. */
  String name();

  /** Whether the algorithm ends with a one-by-one pass that makes the result 1-minimal. */
  boolean minimizes();
}
