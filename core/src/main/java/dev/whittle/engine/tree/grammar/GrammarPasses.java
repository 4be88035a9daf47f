package dev.whittle.engine.tree.grammar;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.Pass;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The grammar-based reducers over a {@link GrammarTreeBuilder}'s trees, as passes: they ask through
 * the reduction's {@code ContentTester} like every pass, so any front end can schedule them.
 */
@API(status = INTERNAL, since = "0.1")
public final class GrammarPasses {
  private GrammarPasses() {}

  /**
   * The fuzzingbook's grammar pass: replaces subtrees by smaller subtrees of the same rule found
   * inside them, or by alternative expansions of their rule made of such subtrees, depth-first.
   */
  public static Pass<byte[]> grammarPass(GrammarTreeBuilder builder) {
    checkNotNull(builder, "builder");
    return new GrammarPass(builder, false);
  }

  /**
   * The generative variant: also expansions with symbols the input lacks, filled with their minimal
   * expansions, and each rule's own minimal expansion.
   */
  public static Pass<byte[]> generativeGrammarPass(GrammarTreeBuilder builder) {
    checkNotNull(builder, "builder");
    return new GrammarPass(builder, true);
  }

  /**
   * What to schedule for a grammar: the reducer that only rearranges what the input has, then the
   * generative one, which may find smaller inputs of rules the input does not use.
   */
  public static List<Pass<byte[]>> forBuilder(GrammarTreeBuilder builder) {
    return List.of(grammarPass(builder), generativeGrammarPass(builder));
  }
}
