package dev.whittle.engine.tree.grammar;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.Pass;
import dev.whittle.engine.tree.TreeSizeLimit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The grammar passes keep the tree passes' size limit: no parse of content above it. */
class GrammarSizeLimitTest {
  @Test
  void theGrammarReducersNeitherApplyToNorAskAboutContentAboveTheLimit() {
    byte[] above = ("[" + "1,".repeat(TreeSizeLimit.MAX_BYTES / 2) + "1]").getBytes(UTF_8);
    byte[] small = "[1,2]".getBytes(UTF_8);
    List<byte[]> asked = new ArrayList<>();

    for (Pass<byte[]> pass : GrammarPasses.forBuilder(GrammarFixtures.json())) {
      assertFalse(pass.appliesTo(above), pass.name());
      assertTrue(pass.appliesTo(small), pass.name());
      assertSame(above, pass.reduce(above, asked::add), pass.name());
    }
    assertEquals(0, asked.size());
  }
}
