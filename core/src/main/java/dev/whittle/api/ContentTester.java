package dev.whittle.api;

/**
 * How a {@link ValueReducer} asks a question: the reduction's oracle loop answers from its cache or
 * by calling the oracle, and counts the call against the budget.
 *
 * @param <C> the content type
 */
@FunctionalInterface
public interface ContentTester<C> {
  /** Whether {@code candidate} is interesting; unresolved counts as not interesting. */
  boolean isInteresting(C candidate);
}
