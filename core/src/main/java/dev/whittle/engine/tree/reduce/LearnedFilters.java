package dev.whittle.engine.tree.reduce;

import static com.google.common.base.Preconditions.checkArgument;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.engine.tree.SyntaxNode;
import dev.whittle.engine.tree.SyntaxTree;
import dev.whittle.engine.tree.TreeBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * What GTR learns from a corpus of valid inputs (the GTR paper's corpus-based filtering): the
 * mandatory children of each kind (a kind of child every node of that kind has, in every input),
 * and the allowed contexts of each kind (the kinds of parent it was seen under). Deletion then
 * spares the last child of a mandatory kind, and a node is replaced only by a descendant whose kind
 * was seen under the node's parent's kind.
 */
@API(status = INTERNAL, since = "0.1")
public final class LearnedFilters {
  /** The kind that stands for "no parent": the root's context. */
  static final String ROOT = "^";

  private final boolean active;
  private final Map<String, Set<String>> mandatory;
  private final Map<String, Set<String>> contexts;

  private LearnedFilters(
      boolean active, Map<String, Set<String>> mandatory, Map<String, Set<String>> contexts) {
    this.active = active;
    this.mandatory = mandatory;
    this.contexts = contexts;
  }

  /** No filtering: every deletion and every substitution is a candidate. */
  public static LearnedFilters none() {
    return new LearnedFilters(false, Map.of(), Map.of());
  }

  /** Filters learned from the trees {@code builder} builds over {@code inputs}. */
  public static LearnedFilters learn(TreeBuilder builder, List<byte[]> inputs) {
    Map<String, Set<String>> mandatory = new HashMap<>();
    Map<String, Set<String>> contexts = new HashMap<>();
    for (byte[] input : inputs) {
      SyntaxTree tree = builder.build(input);
      contexts.computeIfAbsent(tree.root().kind(), k -> new HashSet<>()).add(ROOT);
      for (SyntaxNode node : tree.preorder()) {
        Set<String> childKinds = new HashSet<>();
        for (SyntaxNode child : node.children()) {
          childKinds.add(child.kind());
          contexts.computeIfAbsent(child.kind(), k -> new HashSet<>()).add(node.kind());
        }
        Set<String> seen = mandatory.get(node.kind());
        if (seen == null) {
          mandatory.put(node.kind(), childKinds);
        } else {
          seen.retainAll(childKinds);
        }
      }
    }
    return new LearnedFilters(true, mandatory, contexts);
  }

  /**
   * Filters learned from every regular file under {@code directory}, in the order of their paths.
   *
   * @throws IllegalArgumentException if {@code directory} is not a directory or holds no file
   * @throws UncheckedIOException if a file cannot be read
   */
  public static LearnedFilters learn(TreeBuilder builder, Path directory) {
    checkArgument(Files.isDirectory(directory), "%s is not a directory", directory);
    List<byte[]> inputs = new ArrayList<>();
    try (Stream<Path> files = Files.walk(directory)) {
      for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
        inputs.add(Files.readAllBytes(file));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the corpus in " + directory, e);
    }
    checkArgument(!inputs.isEmpty(), "the corpus directory %s holds no file", directory);
    return learn(builder, inputs);
  }

  public boolean isActive() {
    return active;
  }

  /** Whether {@code kind} is a mandatory child kind of {@code parentKind}. */
  public boolean isMandatory(String parentKind, String kind) {
    return active && mandatory.getOrDefault(parentKind, Set.of()).contains(kind);
  }

  /** Whether a node of {@code kind} was seen under a parent of {@code parentKind}. */
  public boolean isAllowedContext(String parentKind, String kind) {
    return !active || contexts.getOrDefault(kind, Set.of()).contains(parentKind);
  }

  /**
   * Whether deleting {@code node}, a child of {@code parent}, may be asked: not when it is the only
   * child of a mandatory kind.
   */
  boolean mayDelete(SyntaxNode parent, SyntaxNode node) {
    if (parent == null || !isMandatory(parent.kind(), node.kind())) {
      return true;
    }
    int sameKind = 0;
    for (SyntaxNode sibling : parent.children()) {
      sameKind += sibling.kind().equals(node.kind()) ? 1 : 0;
    }
    return sameKind > 1;
  }

  /** Whether {@code candidate} may stand in the place of a child of {@code parent}. */
  boolean mayStandIn(SyntaxNode parent, SyntaxNode candidate) {
    return isAllowedContext(parent == null ? ROOT : parent.kind(), candidate.kind());
  }
}
