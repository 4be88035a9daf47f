package dev.whittle.engine.tree.reduce;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.Algorithms;
import dev.whittle.api.Pass;
import dev.whittle.engine.tree.SyntaxTree;
import dev.whittle.engine.tree.TreeBuilder;
import dev.whittle.engine.tree.TreeSizeLimit;
import dev.whittle.engine.tree.lenient.LenientFormats;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Above the size limit no tree pass applies, builds a tree or asks a question: a tree costs tens of
 * bytes of heap per byte of input. At the limit they all do.
 */
class TreeSizeLimitTest {
  private int builds;

  private final TreeBuilder counting =
      new TreeBuilder() {
        @Override
        public String name() {
          return "counting";
        }

        @Override
        public SyntaxTree build(byte[] input) {
          builds++;
          return LenientFormats.json().build(input);
        }
      };

  @Test
  void noTreePassAppliesToContentAboveTheLimit() {
    byte[] above = list(TreeSizeLimit.MAX_BYTES + 1);
    byte[] at = list(TreeSizeLimit.MAX_BYTES);

    for (Pass<byte[]> pass : allPasses()) {
      assertFalse(pass.appliesTo(above), pass.name());
      assertTrue(pass.appliesTo(at), pass.name());
    }
  }

  @Test
  void aTreePassCalledOnContentAboveTheLimitBuildsNothingAndAsksNothing() {
    byte[] above = list(TreeSizeLimit.MAX_BYTES + 1);
    List<byte[]> asked = new ArrayList<>();

    for (Pass<byte[]> pass : allPasses()) {
      assertSame(above, pass.reduce(above, candidate -> asked.add(candidate)), pass.name());
    }
    assertEquals(0, builds);
    assertEquals(0, asked.size());
  }

  private List<Pass<byte[]>> allPasses() {
    List<Pass<byte[]>> passes = new ArrayList<>();
    for (String name : TreePasses.NAMES) {
      passes.add(
          TreePasses.named(name, counting, Algorithms.entropyDebugging(), LearnedFilters.none())
              .orElseThrow());
    }
    return passes;
  }

  /** A JSON list of exactly {@code length} bytes. */
  static byte[] list(int length) {
    StringBuilder out = new StringBuilder("[");
    while (out.length() < length - 3) {
      out.append("1,");
    }
    out.append(out.length() == length - 2 ? "1]" : "11]");
    byte[] bytes = out.toString().getBytes(UTF_8);
    assertEquals(length, bytes.length);
    return bytes;
  }
}
