package dev.whittle.api;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/** How Entropy Debugging builds its ordered decision trees. */
@API(status = EXPERIMENTAL, since = "0.1")
public enum DecisionTreeBuilder {
  /**
   * Exactly optimal: minimum expected number of runs among all trees that keep leaf order (an
   * optimal alphabetic tree, built by Garsia-Wachs).
   */
  OPTIMAL,
  /** The paper's ordered Huffman code: repeatedly join the adjacent pair of least weight. */
  ORDERED_HUFFMAN,
  /**
   * The paper's default: optimal up to 10 symbols, ordered Huffman from 51, and in between the
   * cheaper of ordered Huffman and a split where the information gain is largest, recursing, with
   * optimal subtrees up to 6.
   */
  PAPER_HYBRID
}
