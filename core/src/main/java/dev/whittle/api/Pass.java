package dev.whittle.api;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * A candidate generator that rewrites content instead of deleting items: it changes values (shrinks
 * a number, rewrites a length field together with the data it counts, re-encodes a decoded
 * structure) and asks whether the rewrite is still interesting. A {@link Reduction} runs its value
 * reducers on the result of its algorithm, then the algorithm again on theirs, until neither
 * changes anything; all of them ask the same oracle loop, with one cache and one budget.
 *
 * <p>Contract:
 *
 * <ul>
 *   <li>An implementation MUST NOT call an oracle; it learns only through the {@link
 *       ContentTester}.
 *   <li>{@link #reduce} MUST return {@code current} or a content the tester called interesting, and
 *       that content MUST NOT have more items than {@code current}.
 *   <li>It MUST let every exception the tester throws through: that is how the loop ends a
 *       reduction whose budget is spent; the reduction then keeps its best result so far.
 *   <li>It SHOULD return {@code current} itself (the same reference) when it found nothing better,
 *       so that the reduction knows it reached a fixed point.
 * </ul>
 *
 * @param <C> the content type
 */
@API(status = STABLE, since = "0.1")
public interface Pass<C> {
  /** A short name for summaries and progress, for example {@code "length-fields"}. */
  String name();

  /** Rewrites {@code current} into a smaller or simpler interesting content, or returns it. */
  C reduce(C current, ContentTester<C> tester);

  /**
   * Whether {@link #reduce} could ask anything about {@code content}. It MUST be true whenever
   * {@code reduce} would ask the tester a question about it; it MAY be true when it would not. A
   * reduction gives a reducer that does not apply no turn and no share of what the others may ask
   * (a TAR pass on a PNG). The default, always true, is always right.
   */
  default boolean appliesTo(C content) {
    return true;
  }
}
