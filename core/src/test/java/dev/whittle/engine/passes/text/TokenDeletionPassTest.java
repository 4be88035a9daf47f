package dev.whittle.engine.passes.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.Outcome;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.Whittle;
import dev.whittle.engine.tree.TreeSizeLimit;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.junit.jupiter.api.Test;

/** Token deletion: the escapes and words one-byte deletions cannot take out. */
class TokenDeletionPassTest {
  @Test
  void anEscapeGoesAsAWholeWhereEachHalfAloneMeansSomethingElse() {
    byte[] original = "\\b\\b|\\pL".getBytes(StandardCharsets.ISO_8859_1);
    byte[] bytesAlone =
        Whittle.reduce(SequenceInputs.bytes(original))
            .run(TokenDeletionPassTest::boundaryOrLetter)
            .reduced();
    byte[] withTokens =
        Whittle.reduce(SequenceInputs.bytes(original))
            .withPass(TextPasses.tokens())
            .run(TokenDeletionPassTest::boundaryOrLetter)
            .reduced();

    // One-byte deletions end at \b\b\pL: without one \ a bare b appears, without one b the
    // backslashes pair up. Token deletion takes a \b out whole.
    assertEquals("\\b\\b\\pL", new String(bytesAlone, StandardCharsets.ISO_8859_1));
    assertEquals("\\b\\pL", new String(withTokens, StandardCharsets.ISO_8859_1));
  }

  @Test
  void tokensAreEscapesWordsAndSingleBytes() {
    byte[] text = "ab1_ \\u+".getBytes(StandardCharsets.ISO_8859_1);
    assertEquals(4, TokenDeletionPass.tokenEnd(text, 0));
    assertEquals(5, TokenDeletionPass.tokenEnd(text, 4));
    assertEquals(7, TokenDeletionPass.tokenEnd(text, 5));
    assertEquals(8, TokenDeletionPass.tokenEnd(text, 7));
    assertEquals(1, TokenDeletionPass.tokenEnd(new byte[] {'\\'}, 0));
  }

  /**
   * A pattern the JDK compiles that matches "x" and has a word boundary, all its letters escaped (a
   * bare letter would be a literal, another bug).
   */
  private static Outcome boundaryOrLetter(byte[] candidate) {
    String text = new String(candidate, StandardCharsets.ISO_8859_1);
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\\') {
        i++;
      } else if (Character.isLowerCase(text.charAt(i))) {
        return Outcome.NOT_INTERESTING;
      }
    }
    try {
      boolean interesting = text.contains("\\b") && Pattern.compile(text).matcher("x").matches();
      return interesting ? Outcome.INTERESTING : Outcome.NOT_INTERESTING;
    } catch (PatternSyntaxException e) {
      return Outcome.NOT_INTERESTING;
    }
  }

  @Test
  void waitsLikeTheTreePassesUntilTheContentIsWithinTheirLimit() {
    // Every question copies and hashes the whole content, once per token: quadratic on 20 MB.
    TokenDeletionPass tokens = new TokenDeletionPass();
    assertTrue(tokens.appliesTo(new byte[TreeSizeLimit.MAX_BYTES]));
    assertFalse(tokens.appliesTo(new byte[TreeSizeLimit.MAX_BYTES + 1]));
  }
}
