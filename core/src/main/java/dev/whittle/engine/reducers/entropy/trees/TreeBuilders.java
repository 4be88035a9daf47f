package dev.whittle.engine.reducers.entropy.trees;

import dev.whittle.api.TreeBuilder;
import java.util.EnumMap;
import java.util.Map;

/** The tree builder for each {@link TreeBuilder} choice, registered in one place. */
public final class TreeBuilders {
  private static final Map<TreeBuilder, OrderedTreeBuilder> BUILDERS =
      new EnumMap<>(TreeBuilder.class);

  static {
    BUILDERS.put(TreeBuilder.OPTIMAL, new GarsiaWachs());
    BUILDERS.put(TreeBuilder.ORDERED_HUFFMAN, new OrderedHuffman());
    BUILDERS.put(TreeBuilder.INFORMATION_GAIN, new InformationGainTree());
    BUILDERS.put(TreeBuilder.PAPER_HYBRID, new PaperHybridTree());
  }

  private TreeBuilders() {}

  public static OrderedTreeBuilder of(TreeBuilder choice) {
    return BUILDERS.get(choice);
  }

  /** Knuth's O(n^2) optimal programme, the reference the optimal builder is tested against. */
  public static OrderedTreeBuilder knuthReference() {
    return new KnuthOptimalTree();
  }
}
