package dev.whittle.engine.passes.text;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.Oracle;
import dev.whittle.api.Pass;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.Whittle;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** Token runs: tokens that only go together, and a bracket with its partner. */
class TokenRunPassTest {
  private static String reduce(Pass<byte[]> pass, String input, Predicate<String> interesting) {
    byte[] out =
        pass.reduce(
            input.getBytes(ISO_8859_1), data -> interesting.test(new String(data, ISO_8859_1)));
    return new String(out, ISO_8859_1);
  }

  @Test
  void twoWordsThatOnlyGoTogetherGoInOneRun() {
    // Without either word alone the pattern no longer matches; without both it does.
    Predicate<String> pairs = text -> text.matches("x( foo bar)*");

    assertEquals("x foo bar", reduce(new TokenDeletionPass(), "x foo bar", pairs));
    assertEquals("x", reduce(new TokenRunPass(), "x foo bar", pairs));
    assertEquals("x", reduce(new TokenRunPass(), "x foo bar foo bar foo bar", pairs));
  }

  @Test
  void aGroupsNameGoesWithTheAngleBracketThatClosesIt() {
    // RE2/J 1.6's answers on its factor() crash: the named group's opening fails whole or in part.
    Set<String> crashes = Set.of("(?P<c>..|.#|..", "(..|.#|..", "..|.#|..");

    assertEquals(
        "(?P<c>..|.#|..", reduce(new TokenDeletionPass(), "(?P<c>..|.#|..", crashes::contains));
    assertEquals("..|.#|..", reduce(new TokenRunPass(), "(?P<c>..|.#|..", crashes::contains));
  }

  @Test
  void anOpeningBracketGoesWithItsPartner() {
    byte[] original = "(x)".getBytes(ISO_8859_1);
    Predicate<byte[]> balancedWithX =
        data -> {
          String text = new String(data, ISO_8859_1);
          return text.contains("x")
              && text.chars().filter(c -> c == '(').count()
                  == text.chars().filter(c -> c == ')').count();
        };

    byte[] bytesAlone =
        Whittle.reduce(SequenceInputs.bytes(original)).run(Oracle.of(balancedWithX)).reduced();
    byte[] withRuns =
        Whittle.reduce(SequenceInputs.bytes(original))
            .withPass(TextPasses.tokenRuns())
            .run(Oracle.of(balancedWithX))
            .reduced();

    assertArrayEquals(original, bytesAlone, "each one-byte deletion unbalances the pair");
    assertEquals("x", new String(withRuns, ISO_8859_1));
  }

  @Test
  void bracketsPairWithTheNearestOpenOneOfTheirKind() {
    byte[] text = "([a]{)}\\(<>>".getBytes(ISO_8859_1);
    int[] starts = TokenRunPass.tokenStarts(text, Integer.MAX_VALUE);

    assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12}, starts);
    assertArrayEquals(
        new int[] {5, 3, -1, 1, 6, 0, 4, -1, 9, 8, -1}, TokenRunPass.partners(text, starts));
  }

  @Test
  void onlySmallTextOfAtMost64Tokens() {
    TokenRunPass pass = new TokenRunPass();
    assertTrue(pass.appliesTo("a,".repeat(32).getBytes(ISO_8859_1)));
    assertFalse(pass.appliesTo("a,".repeat(32).concat("b").getBytes(ISO_8859_1)));
    assertFalse(pass.appliesTo(new byte[0]));
  }
}
