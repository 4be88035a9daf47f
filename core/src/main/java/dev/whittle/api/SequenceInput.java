package dev.whittle.api;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * An input split into items at some granularity: bytes, characters, lines, tokens or any list.
 * Algorithms and passes work on item positions only; the input turns a candidate back into content.
 *
 * <p>Implementations MUST be immutable. {@link #itemHash} MUST return equal values for equal items,
 * since the engine keys its result cache by content; it SHOULD spread unequal items over all 64
 * bits.
 *
 * @param <C> the content type handed to the oracle
 */
@API(status = STABLE, since = "0.1")
public interface SequenceInput<C> {
  /** Number of items in the original input. */
  int size();

  /** A 64-bit hash of the item at {@code index} in the original input. */
  long itemHash(int index);

  /** The content made of the kept items, in their original order. */
  C assemble(KeptRanges kept);

  /** A short name for messages and summaries, for example {@code "bytes"}. */
  String granularity();

  /**
   * The same granularity over another content: what a reduction continues with after a {@link Pass}
   * rewrote its input. The inputs of {@link SequenceInputs} all support it; others MAY throw {@link
   * UnsupportedOperationException}, and then cannot be used with passes.
   */
  default SequenceInput<C> withContent(C content) {
    throw new UnsupportedOperationException(
        granularity() + " input cannot be split again, so it takes no passes");
  }
}
