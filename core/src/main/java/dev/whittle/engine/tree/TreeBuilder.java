package dev.whittle.engine.tree;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * Builds a {@link SyntaxTree} over an input: a lenient one per format, a user's ANTLR grammar, or
 * plain bytes.
 *
 * <p>Contract, for every implementation:
 *
 * <ul>
 *   <li>{@link #build} MUST NOT fail on any input, malformed or empty: a crash input is usually
 *       malformed. Where nothing fits it builds a flatter tree, down to a root with no children.
 *   <li>The tree MUST unparse, without edits, to exactly the input: the input is never
 *       re-serialized.
 *   <li>It MUST be deterministic: one input, one tree.
 * </ul>
 */
@API(status = INTERNAL, since = "0.1")
public interface TreeBuilder {
  /** A short name for summaries and {@code --format}, for example {@code "json"}. */
  String name();

  SyntaxTree build(byte[] input);
}
