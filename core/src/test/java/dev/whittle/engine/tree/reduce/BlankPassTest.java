package dev.whittle.engine.tree.reduce;

import static dev.whittle.engine.tree.reduce.TreePassTest.bytes;
import static dev.whittle.engine.tree.reduce.TreePassTest.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.Algorithms;
import dev.whittle.engine.tree.lenient.LenientFormats;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The blanks pass on inputs whose result and questions are known exactly. */
class BlankPassTest {
  private static byte[] blanks(String input, TreePassTest.Counting tester) {
    return TreePasses.blanks(LenientFormats.auto(), Algorithms.entropyDebugging())
        .reduce(bytes(input), tester);
  }

  private static TreePassTest.Counting matching(String regex) {
    Pattern pattern = Pattern.compile(regex);
    return new TreePassTest.Counting(b -> pattern.matcher(text(b)).find());
  }

  @Test
  void everyBlankGoesInOneQuestionWhenNoneMatters() {
    TreePassTest.Counting tester =
        new TreePassTest.Counting(b -> text(b).replaceAll("\\s", "").equals("f(a,b);g(c)"));
    byte[] result = blanks("f( a ,  b )  ;\n\n  g( c )\n", tester);
    assertEquals("f(a,b);g(c)", text(result));
    assertEquals(List.of("f(a,b);g(c)"), tester.asked);
  }

  @Test
  void blanksAreCutToOneByteThenTheOnesThatSeparateWordsStay() {
    TreePassTest.Counting tester = matching("int\\s+x\\s*;\\s*return\\s+x\\s*;");
    byte[] result = blanks("int   x ;\n\n    return  x ;\n", tester);
    assertEquals("int x;return x;", text(result));
    // All at once, then each cut to one byte (a line break where there is one), then the choice.
    assertEquals("intx;returnx;", tester.asked.get(0));
    assertEquals("int x ;\nreturn x ;\n", tester.asked.get(1));
    assertEquals(12, tester.asked.size(), tester.asked::toString);
  }

  @Test
  void blanksInsideATokenStayAndSoDoBlanksInsideAStartTagWithAttributes() {
    TreePassTest.Counting json = new TreePassTest.Counting(b -> text(b).contains("\"x  y\""));
    assertEquals("{\"a\":\"x  y\"}", text(blanks("{ \"a\" :  \"x  y\" }\n", json)));
    assertEquals(1, json.asked.size());

    TreePassTest.Counting html = matching("<p\\s+class=\"k\"\\s*>");
    // The attribute is a token; the blanks around it are gaps, the one before it is needed.
    assertEquals("<p class=\"k\">", text(blanks("<p   class=\"k\"  >", html)));
  }

  @Test
  void theBlanksLeftInAnEmptiedElementAreGaps() {
    TreePassTest.Counting tester = matching("<SELECT[^>]*>");
    assertEquals("<SELECT></SELECT>", text(blanks("<SELECT   ></SELECT>\n", tester)));
    assertEquals(1, tester.asked.size());
  }

  @Test
  void plainBytesAndContentWithoutBlanksCostNoQuestion() {
    TreePassTest.Counting tester = new TreePassTest.Counting(b -> true);
    byte[] flat = bytes("a b c");
    assertSame(
        flat,
        TreePasses.blanks(LenientFormats.bytes(), Algorithms.entropyDebugging())
            .reduce(flat, tester));
    byte[] tight = bytes("f(a,b)");
    assertSame(tight, blanks(tight, tester));
    assertTrue(tester.asked.isEmpty());
  }

  private static byte[] blanks(byte[] input, TreePassTest.Counting tester) {
    return TreePasses.blanks(LenientFormats.auto(), Algorithms.entropyDebugging())
        .reduce(input, tester);
  }
}
