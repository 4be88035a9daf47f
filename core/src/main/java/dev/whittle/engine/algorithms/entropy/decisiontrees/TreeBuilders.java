package dev.whittle.engine.algorithms.entropy.decisiontrees;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.DecisionTreeBuilder;
import java.util.EnumMap;
import java.util.Map;
import org.apiguardian.api.API;

/** The tree builder for each {@link DecisionTreeBuilder} choice, registered in one place. */
@API(status = INTERNAL, since = "0.1")
public final class TreeBuilders {
  private static final Map<DecisionTreeBuilder, OrderedTreeBuilder> BUILDERS =
      new EnumMap<>(DecisionTreeBuilder.class);

  static {
    BUILDERS.put(DecisionTreeBuilder.OPTIMAL, new GarsiaWachs());
    BUILDERS.put(DecisionTreeBuilder.ORDERED_HUFFMAN, new OrderedHuffman());
    BUILDERS.put(DecisionTreeBuilder.PAPER_HYBRID, new PaperHybridTree());
  }

  private TreeBuilders() {}

  public static OrderedTreeBuilder of(DecisionTreeBuilder choice) {
    return BUILDERS.get(choice);
  }
}
