package dev.whittle.engine.tree.reduce;

import static dev.whittle.engine.tree.reduce.TreePassTest.bytes;
import static dev.whittle.engine.tree.reduce.TreePassTest.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.engine.tree.lenient.LenientFormats;
import org.junit.jupiter.api.Test;

/** Hollow, lift and debracket on inputs whose result is known exactly. */
class BracketPassTest {
  @Test
  void hollowEmptiesThePairsWhoseContentsDoNotMatter() {
    TreePassTest.Counting tester =
        new TreePassTest.Counting(b -> text(b).contains("g(") && balanced(text(b)));
    byte[] result =
        TreePasses.hollow(LenientFormats.brackets())
            .reduce(bytes("f(a, g(b, [c]), \"x\"); h(1)"), tester);
    assertEquals("f(a, g(), \"x\"); h()", text(result));
  }

  @Test
  void toZeroPutsAOneByteValueWhereAnEmptyPairStood() {
    // The first two pairs may be values; the last one must stay a pair.
    TreePassTest.Counting tester =
        new TreePassTest.Counting(b -> text(b).matches("(\\(\\)|0)x(\\[\\]|0) \\(\\)y"));
    byte[] result = TreePasses.toZero(LenientFormats.brackets()).reduce(bytes("()x[] ()y"), tester);
    assertEquals("0x0 ()y", text(result));
  }

  @Test
  void toZeroOnYamlPutsAScalarInPlaceOfAnEmptyFlowSequence() {
    TreePassTest.Counting tester =
        new TreePassTest.Counting(b -> text(b).matches("(\\[\\]|0)\n\\.\\.\\.\n%YAML 1\\.9+"));
    byte[] result =
        TreePasses.toZero(LenientFormats.auto()).reduce(bytes("[]\n...\n%YAML 1.99"), tester);
    assertEquals("0\n...\n%YAML 1.99", text(result));
  }

  @Test
  void liftPutsTheInnerPairInTheOutersPlace() {
    TreePassTest.Counting tester =
        new TreePassTest.Counting(b -> StrictJson.isValid(b) && text(b).contains("[4]"));
    byte[] result =
        TreePasses.lift(LenientFormats.json())
            .reduce(bytes("{\"a\": [1, {\"b\": [4]}], \"c\": {}}"), tester);
    assertEquals("[4]", text(result));
  }

  @Test
  void liftTakesAHundredSurplusLevelsOffANestingInAFewQuestions() {
    // A failure that needs 60 levels (a stack overflow), found 160 deep: one question a level took
    // 100 questions.
    TreePassTest.Counting tester =
        new TreePassTest.Counting(b -> balanced(text(b)) && depth(text(b)) >= 60);
    byte[] result =
        TreePasses.lift(LenientFormats.brackets())
            .reduce(bytes("f" + "(".repeat(160) + "x" + ")".repeat(160)), tester);
    assertEquals("f" + "(".repeat(60) + "x" + ")".repeat(60), text(result));
    // Distinct questions: a reduction's cache answers the others (lifting any one of the pairs
    // gives the same text).
    long questions = tester.asked.stream().distinct().count();
    assertTrue(questions <= 30, questions + " questions");
  }

  @Test
  void debracketDropsTheTagsAndKeepsTheContents() {
    TreePassTest.Counting tester = new TreePassTest.Counting(b -> text(b).contains("<b>boom"));
    byte[] result =
        TreePasses.debracket(LenientFormats.html())
            .reduce(bytes("<div class=x><p><b>boom</b></p></div>"), tester);
    assertEquals("<b>boom</b>", text(result));
  }

  private static int depth(String text) {
    int depth = 0;
    int deepest = 0;
    for (char c : text.toCharArray()) {
      depth += c == '(' ? 1 : c == ')' ? -1 : 0;
      deepest = Math.max(deepest, depth);
    }
    return deepest;
  }

  private static boolean balanced(String text) {
    int depth = 0;
    for (char c : text.toCharArray()) {
      depth += c == '(' ? 1 : c == ')' ? -1 : 0;
      if (depth < 0) {
        return false;
      }
    }
    return depth == 0;
  }
}
