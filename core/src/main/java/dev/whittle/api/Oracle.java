package dev.whittle.api;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * Decides whether a candidate still reproduces the behaviour being reduced.
 *
 * <p>An oracle MUST be a function of the candidate's content as far as the reduction is concerned:
 * the engine asks each distinct content at most once per reduction and caches the answer. An oracle
 * MAY be slow, flaky or stateful; it SHOULD report candidates it cannot judge as {@link
 * Outcome#UNRESOLVED} rather than throw. A runtime exception thrown by an oracle ends the reduction
 * with a {@link ReductionException}; the best result so far has by then been handed to every {@link
 * ImprovementListener}.
 *
 * @param <C> the candidate type, for example {@code byte[]} or {@code String}
 */
@FunctionalInterface
@API(status = STABLE, since = "0.1")
public interface Oracle<C> {
  Outcome test(C candidate);

  /** Adapts a yes/no predicate: {@code true} is interesting, {@code false} is not. */
  static <C> Oracle<C> of(java.util.function.Predicate<? super C> predicate) {
    return candidate -> predicate.test(candidate) ? Outcome.INTERESTING : Outcome.NOT_INTERESTING;
  }
}
