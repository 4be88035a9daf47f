package dev.whittle.engine.tree.lenient;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.whittle.engine.tree.SyntaxNode;
import dev.whittle.engine.tree.SyntaxTree;
import dev.whittle.engine.tree.TreeBuilder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The {@link TreeBuilder} contract, for every lenient builder: never fails on random, malformed or
 * pathological bytes, unparses to exactly the input, builds one tree per input.
 */
class LenientBuilderContractTest {
  static Stream<TreeBuilder> builders() {
    List<TreeBuilder> all = new ArrayList<>();
    for (String name : LenientFormats.NAMES) {
      all.add(LenientFormats.named(name).orElseThrow());
    }
    all.add(LenientFormats.auto());
    return all.stream();
  }

  /** Inputs made to break a builder: unmatched and interleaved brackets, quotes, tags, nesting. */
  static List<byte[]> nastyInputs() {
    List<String> texts =
        List.of(
            "",
            " ",
            "\n\n",
            "{",
            "}",
            "]]]][[[",
            "{\"a\": [1, 2}, \"b\": \"unterminated",
            "\"\\",
            "'''",
            "a,b,,c;;d|e:f",
            "<a><b></a></b></c><d",
            "<!-- x",
            "<![CDATA[",
            "<?xml",
            "<a x='1 y=2>",
            "<a =>",
            "< a>",
            "</>",
            "<p>one<p>two<br>three</p>",
            "key: [1, {2: 3\n  - x: \"y\n\tz",
            "a,\"b\"\"c\",d\n1,\"2\n3\",4\n",
            "if (x) {\n  y(1, [2);\n}\n",
            "[".repeat(5000) + "]".repeat(4000),
            "<a>".repeat(1000),
            "  a\n    b\n  c\n      d\n e\n");
    List<byte[]> inputs = new ArrayList<>();
    for (String text : texts) {
      inputs.add(text.getBytes(StandardCharsets.UTF_8));
    }
    SplittableRandom random = new SplittableRandom(42);
    String alphabet = "{}[]()<>/\"'\\,;:|=!-?\n\t xa1";
    for (int k = 0; k < 300; k++) {
      int length = random.nextInt(80);
      byte[] input = new byte[length];
      for (int i = 0; i < length; i++) {
        input[i] =
            k % 3 == 0
                ? (byte) random.nextInt(256)
                : (byte) alphabet.charAt(random.nextInt(alphabet.length()));
      }
      inputs.add(input);
    }
    return inputs;
  }

  @ParameterizedTest
  @MethodSource("builders")
  void neverFailsUnparsesExactlyAndIsDeterministic(TreeBuilder builder) {
    for (byte[] input : nastyInputs()) {
      SyntaxTree tree = builder.build(input.clone());
      assertArrayEquals(input, tree.unparse(), builder.name());
      assertArrayEquals(input, tree.unparse(Map.of()), builder.name());
      assertEquals(TreeText.of(tree), TreeText.of(builder.build(input.clone())), builder.name());
      checkSpans(tree.root());
    }
  }

  @ParameterizedTest
  @MethodSource("builders")
  void deletingAnyOneNodeLeavesTheOthersBytes(TreeBuilder builder) {
    byte[] input = "{\"a\": [1, 2], \"b\": {\"c\": \"d\"}}".getBytes(StandardCharsets.UTF_8);
    SyntaxTree tree = builder.build(input);
    for (SyntaxNode node : tree.preorder()) {
      byte[] without = tree.unparse(Map.of(node, dev.whittle.engine.tree.TreeEdit.delete()));
      // A list item goes with its separator; the last one takes the one before it along.
      int separator = 0;
      SyntaxNode before = previousSibling(tree, node);
      if (before != null && isLastSibling(tree, node)) {
        separator = before.separatorLength();
      }
      assertEquals(input.length - node.length() - separator, without.length, node.toString());
    }
  }

  private static SyntaxNode parentOf(SyntaxTree tree, SyntaxNode node) {
    for (SyntaxNode candidate : tree.preorder()) {
      for (SyntaxNode child : candidate.children()) {
        if (child == node) {
          return candidate;
        }
      }
    }
    return null;
  }

  private static SyntaxNode previousSibling(SyntaxTree tree, SyntaxNode node) {
    SyntaxNode parent = parentOf(tree, node);
    if (parent == null) {
      return null;
    }
    int i = parent.children().indexOf(node);
    return i > 0 ? parent.children().get(i - 1) : null;
  }

  private static boolean isLastSibling(SyntaxTree tree, SyntaxNode node) {
    SyntaxNode parent = parentOf(tree, node);
    return parent != null && parent.children().get(parent.children().size() - 1) == node;
  }

  private static void checkSpans(SyntaxNode node) {
    int at = node.start();
    for (SyntaxNode child : node.children()) {
      if (child.start() < at || child.end() > node.end()) {
        throw new AssertionError(child + " outside " + node);
      }
      at = child.end();
      checkSpans(child);
    }
  }
}
