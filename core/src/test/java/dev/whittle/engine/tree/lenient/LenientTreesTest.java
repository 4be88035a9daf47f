package dev.whittle.engine.tree.lenient;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.whittle.engine.tree.TreeBuilder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The exact tree of small inputs, per format. */
class LenientTreesTest {
  private static String tree(TreeBuilder builder, String input) {
    return TreeText.of(builder.build(input.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void jsonObjectsArraysStringsAndItems() {
    assertEquals(
        "pair:{}(content(item:,(item::(string'\"a\"') pair:[](content(item:,(token'1') token'2'))) item:,(item::(string'\"b\"') string'\"x,y\"')))",
        tree(LenientFormats.json(), "{\"a\": [1, 2], \"b\": \"x,y\"}"));
  }

  @Test
  void jsonUnclosedPairsCloseAtTheEndOrAtAnOuterCloser() {
    assertEquals(
        "pair:[](content(item:,(token'1') item:,(pair:{}(content(item::(string'\"k\"') pair:[](content(token'2'))))) token'3'))",
        tree(LenientFormats.json(), "[1, {\"k\": [2}, 3"));
  }

  @Test
  void jsonEmptyItemsAreTheirSeparator() {
    assertEquals(
        "pair:[](content(item:,(token'1') item:,',' item:,(token'2')))",
        tree(LenientFormats.json(), "[1,,2,]"));
  }

  @Test
  void xmlElementsAttributesAndContent() {
    assertEquals(
        "document(declaration'<?xml v?>' element:a(attribute'x=\"1\"' attribute'y='2'' attribute'z' content(element:b(content(text'hi')) text'there' element:c'<c/>')))",
        tree(LenientFormats.xml(), "<?xml v?><a x=\"1\" y='2' z><b>hi</b> there<c/></a>"));
  }

  @Test
  void htmlImpliedEndTagsStrayEndTagsAndVoidElements() {
    assertEquals(
        "document(element:ul(content(element:li(content(text'one')) element:li(content(text'two')))) end-tag'</p>' element:br'<br>')",
        tree(LenientFormats.html(), "<ul><li>one<li>two</ul></p><br>"));
  }

  @Test
  void yamlIndentationBlocks() {
    assertEquals(
        "document(line(item::(token'a') token'1') block(line(item::(token'b')) line(token'-' token'c') line(item::(token'-' token'd') pair:[](content(item:,(token'e') token'f')))) line(item::(token'g') string'\"h\"'))",
        tree(LenientFormats.yaml(), "a: 1\nb:\n  - c\n  - d: [e, f]\ng: \"h\"\n"));
  }

  @Test
  void csvQuotedFieldsSpanLines() {
    assertEquals(
        "document(line(item:,(token'a') item:,(string'\"b,c\"') token'd') line(item:,(token'1') item:,(string'\"2\n3\"') token'4'))",
        tree(LenientFormats.csv(), "a,\"b,c\",d\n1,\"2\n3\",4\n"));
  }

  @Test
  void bracketsUnmatchedCloserIsText() {
    assertEquals(
        "document(item:;(token'f' pair:()(content(item:,(token'x') item:,(token'g' pair:()(content(token'y')))))) item:;(token'a' pair:[](content(token'1')) token'=' string'\"s;\"' token')'))",
        tree(LenientFormats.brackets(), "f(x, g(y)); a[1] = \"s;\" )"));
  }

  @Test
  void linesPairsCloseAtTheirLinesEnd() {
    assertEquals(
        "document(block(line(token'def' token'f' pair:()'()' token':') line(token'return' pair:()(content(item:,(token'1'))))) line(token'2)') line(token'x'))",
        tree(LenientFormats.lines(), "def f():\n    return (1,\n2)\nx\n"));
  }

  @Test
  void detection() {
    assertEquals("json", FormatDetection.detect(bytes("  {\"a\": 1}")));
    assertEquals("xml", FormatDetection.detect(bytes("<a><b/></a>")));
    assertEquals("html", FormatDetection.detect(bytes("<td><SELECT NAME=x>")));
    assertEquals("html", FormatDetection.detect(bytes("<!DOCTYPE html><html>")));
    assertEquals("csv", FormatDetection.detect(bytes("a;b;c\n1;2;3\n")));
    assertEquals("yaml", FormatDetection.detect(bytes("a: 1\nb:\n  - c\n")));
    assertEquals("brackets", FormatDetection.detect(bytes("int f(int x) { return x; }")));
    assertEquals("lines", FormatDetection.detect(bytes("--fforce-addr\n-O2\n")));
    assertEquals("bytes", FormatDetection.detect(new byte[] {0, 1, 2, 3, (byte) 0xff}));
    assertEquals("bytes", FormatDetection.detect(new byte[0]));
    // A binary format with text in it: a NUL, or high bytes that are not UTF-8, mean bytes.
    assertEquals("bytes", FormatDetection.detect(bytes("WIMG (textTitle\u0000Sunset) {x}")));
    byte[] palette = bytes("(title) {x} [y] ".repeat(4));
    for (int i = 0; i < palette.length; i += 8) {
      palette[i] = (byte) (0x80 + i);
    }
    assertEquals("bytes", FormatDetection.detect(palette));
    assertEquals("json", FormatDetection.detect(bytes("{\"caf\u00e9\": \"\u2603\"}")));
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
