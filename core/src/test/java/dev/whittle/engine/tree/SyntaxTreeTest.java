package dev.whittle.engine.tree;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Unparsing a hand-built tree of {@code [1,[2,3]]} under every kind of edit. */
class SyntaxTreeTest {
  private static final byte[] SOURCE = "[1,[2,3]]".getBytes(UTF_8);
  private final SyntaxNode one = SyntaxNode.of("number", 1, 2, List.of());
  private final SyntaxNode two = SyntaxNode.of("number", 4, 5, List.of());
  private final SyntaxNode three = SyntaxNode.of("number", 6, 7, List.of());
  private final SyntaxNode inner = SyntaxNode.of("array", 3, 8, List.of(two, three));
  private final SyntaxNode outer = SyntaxNode.of("array", 0, 9, List.of(one, inner));
  private final SyntaxTree tree = SyntaxTree.of(SOURCE, outer);

  @Test
  void unparsesToTheSourceWithoutEdits() {
    assertEquals("[1,[2,3]]", text(tree.unparse(Map.of())));
  }

  @Test
  void deletionLeavesTheNodesReplacement() {
    SyntaxNode required =
        SyntaxNode.withReplacement("number", 1, 2, List.of(), "0".getBytes(UTF_8));
    SyntaxTree withRequired =
        SyntaxTree.of(SOURCE, SyntaxNode.of("array", 0, 9, List.of(required, inner)));
    assertEquals(
        "[0,[,3]]",
        text(withRequired.unparse(Map.of(required, TreeEdit.delete(), two, TreeEdit.delete()))));
  }

  @Test
  void hoistKeepsEditsInsideTheDescendant() {
    assertEquals(
        "[,3]", text(tree.unparse(Map.of(outer, TreeEdit.hoist(inner), two, TreeEdit.delete()))));
    assertEquals(
        "[,3]", text(tree.unparse(Map.of(one, TreeEdit.delete(), inner, TreeEdit.hoist(three)))));
  }

  @Test
  void replacementStandsForTheWholeSpan() {
    assertEquals(
        "[1,null]",
        text(tree.unparse(Map.of(inner, TreeEdit.replaceWith("null".getBytes(UTF_8))))));
  }

  @Test
  void hoistingANodeThatIsNotInsideIsRefused() {
    assertThrows(
        IllegalArgumentException.class, () -> tree.unparse(Map.of(inner, TreeEdit.hoist(one))));
  }

  @Test
  void levelsAndPreorder() {
    assertEquals(List.of(one, inner), tree.level(1));
    assertEquals(List.of(two, three), tree.level(2));
    assertEquals(List.of(), tree.level(3));
    assertEquals(List.of(outer, one, inner, two, three), tree.preorder());
  }

  @Test
  void childrenOutOfOrderAreRefused() {
    assertThrows(
        IllegalArgumentException.class, () -> SyntaxNode.of("array", 0, 9, List.of(inner, one)));
    assertThrows(
        IllegalArgumentException.class,
        () -> SyntaxTree.of(SOURCE, SyntaxNode.of("array", 0, 8, List.of())));
  }

  private static String text(byte[] bytes) {
    return new String(bytes, UTF_8);
  }

  @Test
  void deletingTheLastItemsOfAListTakesTheSeparatorBeforeThemAlong() {
    byte[] source = "[1, 2, 3]".getBytes(UTF_8);
    SyntaxNode a = SyntaxNode.listItem("item", 1, 3, List.of(), 1);
    SyntaxNode b = SyntaxNode.listItem("item", 4, 6, List.of(), 1);
    SyntaxNode c = SyntaxNode.of("item", 7, 8, List.of());
    SyntaxTree list = SyntaxTree.of(source, SyntaxNode.of("array", 0, 9, List.of(a, b, c)));
    assertEquals("[1, 2, 3]", text(list.unparse(Map.of())));
    assertEquals("[1, 2 ]", text(list.unparse(Map.of(c, TreeEdit.delete()))));
    assertEquals("[1  ]", text(list.unparse(Map.of(b, TreeEdit.delete(), c, TreeEdit.delete()))));
    assertEquals("[ 2, 3]", text(list.unparse(Map.of(a, TreeEdit.delete()))));
    assertEquals("[ 2 ]", text(list.unparse(Map.of(a, TreeEdit.delete(), c, TreeEdit.delete()))));
    assertThrows(
        IllegalArgumentException.class,
        () -> SyntaxNode.listItem("item", 1, 3, List.of(SyntaxNode.of("n", 1, 3, List.of())), 1));
  }
}
