package dev.whittle.engine.algorithms.entropy;

/**
 * A model of the stream of important and unimportant items, asked for the chance of runs of
 * unimportant items and told what each decision tree revealed.
 */
interface RunLengthModel {
  /**
   * The chance that the next {@code k} items are all unimportant, given the state of the item
   * before them. Must be 1 for {@code k == 0} and non-increasing in {@code k}.
   */
  double allUnimportant(ItemState state, long k);

  /**
   * Records a revealed stretch: {@code unimportant} unimportant items after an item in {@code
   * state}, then an important item if {@code thenImportant}.
   */
  void observe(ItemState state, long unimportant, boolean thenImportant);

  /**
   * The chance, beyond what the chain itself predicts, that no important item is left: inputs
   * handed to a reducer often end in one long stretch of junk. Zero for models without that idea.
   */
  default double noneLeft() {
    return 0;
  }

  /**
   * The share of belief that the next important item sits anywhere in what is left, with every
   * position equally likely, rather than where the chain expects it.
   */
  default double uniformShare(ItemState state) {
    return 0;
  }

  /** Records whether a tree that could have ended the input did. */
  default void observeEnd(boolean ended) {}

  /**
   * An independent copy in the same state: what it observes leaves this model as it is, and it
   * answers as this model would after the same observations.
   */
  RunLengthModel copy();

  /** Records a presampled item of known importance whose neighbours are unknown. */
  void observeSample(boolean unimportant);

  /** Records the importance of the right neighbour of a presampled unimportant item. */
  void observeNeighbour(boolean unimportant);
}
