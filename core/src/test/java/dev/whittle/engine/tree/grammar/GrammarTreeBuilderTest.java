package dev.whittle.engine.tree.grammar;

import static dev.whittle.engine.tree.grammar.GrammarFixtures.grammarFile;
import static dev.whittle.engine.tree.grammar.GrammarFixtures.render;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.engine.tree.SyntaxNode;
import dev.whittle.engine.tree.SyntaxTree;
import dev.whittle.engine.tree.TreeEdit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GrammarTreeBuilderTest {
  private static final GrammarTreeBuilder EXPR = GrammarFixtures.expr();
  private static final GrammarTreeBuilder JSON = GrammarFixtures.json();

  @Test
  void rulesAndTokensBecomeNodesWithTheirKinds() {
    SyntaxTree tree = EXPR.build("1 + (2 * 3)".getBytes(UTF_8));
    assertEquals(
        "start(expr(term(factor(integer(digit('1'\"1\")))) ' + '\" + \" expr(term(factor('('\"(\""
            + " expr(term(factor(integer(digit('2'\"2\"))) ' * '\" * \""
            + " term(factor(integer(digit('3'\"3\")))))) ')'\")\")))))",
        render(tree));
    assertEquals("Expr", EXPR.name());
    assertEquals("start", EXPR.startRule());
  }

  @Test
  void everyRuleGetsItsMinimalExpansionAsReplacement() {
    assertEquals("0", EXPR.minimalText("expr"));
    assertEquals("0", EXPR.minimalText("factor"));
    assertEquals("0", JSON.minimalText("value"));
    assertEquals("{}", JSON.minimalText("object"));
    assertEquals("[]", JSON.minimalText("array"));
    assertEquals("\"\":0", JSON.minimalText("member"));
    SyntaxTree tree = JSON.build("{\"k\": [true]}".getBytes(UTF_8));
    SyntaxNode object = tree.root().children().get(0).children().get(0);
    assertEquals("object", object.kind());
    assertArrayEquals("{}".getBytes(UTF_8), object.replacement());
    SyntaxNode string = object.children().get(1).children().get(0);
    assertEquals("STRING", string.kind());
    assertArrayEquals("\"\"".getBytes(UTF_8), string.replacement());
  }

  @Test
  void aLexerRulesShortestMatchComesFromItsAtn() {
    // NUMBER is '-'? INTEGER FRACTION? EXPONENT?: the shortest match is one digit.
    SyntaxTree tree = JSON.build("-12.5e+3".getBytes(UTF_8));
    SyntaxNode number = tree.root().children().get(0).children().get(0);
    assertEquals("NUMBER", number.kind());
    assertArrayEquals("0".getBytes(UTF_8), number.replacement());
  }

  @Test
  void spansAreBytesEvenWhereAntlrCountsCodePoints() {
    String text = "{\"äöü€𝄞\": \"x\", \"k\": 1}";
    SyntaxTree tree = JSON.build(text.getBytes(UTF_8));
    SyntaxNode firstMember = tree.root().children().get(0).children().get(0).children().get(1);
    assertEquals("\"äöü€𝄞\"", new String(tree.bytesOf(firstMember.children().get(0)), UTF_8));
    assertEquals("\"äöü€𝄞\": \"x\"", new String(tree.bytesOf(firstMember), UTF_8));
    assertArrayEquals(text.getBytes(UTF_8), tree.unparse(Map.of()));
  }

  @Test
  void skippedAndHiddenTokensStayInTheBytes() {
    String text = "  {\n  \"a\" :\t[ 1 ,2 ]  }\n\n";
    SyntaxTree tree = JSON.build(text.getBytes(UTF_8));
    assertEquals("json", tree.root().kind());
    assertArrayEquals(text.getBytes(UTF_8), tree.unparse(Map.of()));
    // Deleting the array leaves its replacement and keeps the whitespace around it.
    SyntaxNode array =
        tree.preorder().stream().filter(n -> n.kind().equals("array")).findFirst().orElseThrow();
    Map<SyntaxNode, TreeEdit> edits = new IdentityHashMap<>();
    edits.put(array, TreeEdit.delete());
    assertEquals("  {\n  \"a\" :\t[]  }\n\n", new String(tree.unparse(edits), UTF_8));
  }

  @Test
  void aSplitGrammarLoadsItsLexerByTokenVocabAndKeepsComments() {
    GrammarTreeBuilder calc =
        GrammarTreeBuilder.load(grammarFile("CalcParser.g4"), Optional.empty());
    assertEquals("program", calc.startRule());
    String text = "let größe = 1 + x; # a comment\nx + 2;\n";
    SyntaxTree tree = calc.build(text.getBytes(UTF_8));
    assertEquals(
        "program(<optional>(statement(declaration(LET\"let\" ID\"größe\" ASSIGN\"=\""
            + " sum(atom(INT\"1\") <optional>(PLUS\"+\" atom(ID\"x\"))) SEMI\";\")))"
            + " <optional>(statement(sum(atom(ID\"x\") <optional>(PLUS\"+\" atom(INT\"2\")))"
            + " SEMI\";\")))",
        render(tree));
    assertArrayEquals(text.getBytes(UTF_8), tree.unparse(Map.of()));
    // Words next to words get a space: "let" and an identifier would lex as one identifier.
    assertEquals("let a=a;", calc.minimalText("declaration"));
    assertEquals("a;", calc.minimalText("statement"));
  }

  @Test
  void theLexerCanBeGivenExplicitly() {
    GrammarTreeBuilder calc =
        GrammarTreeBuilder.load(
            grammarFile("CalcParser.g4"), grammarFile("CalcLexer.g4"), Optional.of("sum"));
    assertEquals("sum", calc.startRule());
    assertEquals(
        "sum(atom(INT\"1\") <optional>(PLUS\"+\" atom(INT\"2\")))",
        render(calc.build("1+2".getBytes(UTF_8))));
  }

  @Test
  void roundTripsExactlyAndDeterministicallyOnRandomBytes() {
    Random random = new Random(42);
    for (int i = 0; i < 200; i++) {
      byte[] input = new byte[random.nextInt(64)];
      if (i % 2 == 0) {
        random.nextBytes(input);
      } else {
        String alphabet = "{}[],:\"0123456789.-+eEtruefalsn \n\\u";
        for (int j = 0; j < input.length; j++) {
          input[j] = (byte) alphabet.charAt(random.nextInt(alphabet.length()));
        }
      }
      for (GrammarTreeBuilder builder : List.of(JSON, EXPR)) {
        SyntaxTree first = builder.build(input);
        assertArrayEquals(input, first.unparse(Map.of()), "round trip of " + List.of(input));
        assertEquals(render(first), render(builder.build(input)), "determinism");
      }
    }
  }

  @Test
  void aFewErrorsKeepTheTreeButTooManyFallBackToFlat() {
    StringBuilder text = new StringBuilder("[");
    for (int i = 0; i < 30; i++) {
      text.append(i).append(i == 10 ? ",," : ",");
    }
    text.append("1]");
    SyntaxTree recovered = JSON.build(text.toString().getBytes(UTF_8));
    assertEquals("json", recovered.root().kind());
    assertTrue(recovered.preorder().size() > 60);

    SyntaxTree garbage = JSON.build("}}}{{{ ::: ]]][".getBytes(UTF_8));
    assertEquals("bytes", garbage.root().kind());
    assertTrue(garbage.root().isLeaf());
    assertEquals("bytes", JSON.build(new byte[0]).root().kind());
  }

  @Test
  void nestingDeeperThanTheStackFallsBackToFlat() {
    byte[] deep = ("[".repeat(50_000) + "]".repeat(50_000)).getBytes(UTF_8);
    SyntaxTree tree = JSON.build(deep);
    assertArrayEquals(deep, tree.unparse(Map.of()));
  }

  @Test
  void anUnknownStartRuleIsNamed() {
    InvalidGrammarException e =
        assertThrows(
            InvalidGrammarException.class,
            () -> GrammarTreeBuilder.load(grammarFile("JSON.g4"), Optional.of("document")));
    assertTrue(e.getMessage().contains("JSON.g4"), e.getMessage());
    assertTrue(e.getMessage().contains("'document'"), e.getMessage());
    assertTrue(e.getMessage().contains("member"), e.getMessage());
  }

  @Test
  void aGrammarWithAnUndefinedRuleNamesTheFileAndAntlrsMessage() {
    InvalidGrammarException e =
        assertThrows(
            InvalidGrammarException.class,
            () -> GrammarTreeBuilder.load(grammarFile("Broken.g4"), Optional.empty()));
    assertTrue(e.getMessage().contains("Broken.g4"), e.getMessage());
    assertTrue(e.getMessage().contains("4:"), e.getMessage());
    assertTrue(e.getMessage().contains("missing"), e.getMessage());
    assertEquals(grammarFile("Broken.g4"), e.file());
  }

  @Test
  void aSyntaxErrorInTheGrammarNamesTheFileAndTheLine() {
    InvalidGrammarException e =
        assertThrows(
            InvalidGrammarException.class,
            () -> GrammarTreeBuilder.load(grammarFile("NotAGrammar.g4"), Optional.empty()));
    assertTrue(e.getMessage().contains("NotAGrammar.g4"), e.getMessage());
    assertTrue(e.getMessage().contains("2:"), e.getMessage());
  }

  @Test
  void missingFilesAndLoneLexersAreNamed(@TempDir Path dir) throws Exception {
    Path missing = dir.resolve("Nope.g4");
    InvalidGrammarException e =
        assertThrows(
            InvalidGrammarException.class,
            () -> GrammarTreeBuilder.load(missing, Optional.empty()));
    assertTrue(e.getMessage().contains("Nope.g4"), e.getMessage());

    InvalidGrammarException lexerOnly =
        assertThrows(
            InvalidGrammarException.class,
            () -> GrammarTreeBuilder.load(grammarFile("CalcLexer.g4"), Optional.empty()));
    assertTrue(lexerOnly.getMessage().contains("lexer grammar alone"), lexerOnly.getMessage());

    Path parserOnly = dir.resolve("P.g4");
    Files.writeString(parserOnly, "parser grammar P;\nstart : A ;\n");
    InvalidGrammarException noVocab =
        assertThrows(
            InvalidGrammarException.class,
            () -> GrammarTreeBuilder.load(parserOnly, Optional.empty()));
    assertTrue(noVocab.getMessage().contains("tokenVocab"), noVocab.getMessage());
  }

  @Test
  void eachPassThroughARepeatedPartIsANodeThatDeletesToNothing() {
    SyntaxTree tree = JSON.build("{\"a\": [1, 2, 3], \"b\": {}}".getBytes(UTF_8));
    assertEquals(
        "json(value(object('{'\"{\" member(STRING\"\"a\"\" ':'\":\" value(array('['\"[\""
            + " value(NUMBER\"1\") <optional>(','\",\" value(NUMBER\"2\")) <optional>(','\",\""
            + " value(NUMBER\"3\")) ']'\"]\"))) <optional>(','\",\" member(STRING\"\"b\"\""
            + " ':'\":\" value(object('{'\"{\" '}'\"}\")))) '}'\"}\")))",
        render(tree));
    List<SyntaxNode> parts =
        tree.preorder().stream().filter(n -> n.kind().equals(GrammarTreeBuilder.OPTIONAL)).toList();
    assertEquals(3, parts.size());
    assertTrue(parts.stream().allMatch(SyntaxNode::deletesToNothing));
    Map<SyntaxNode, TreeEdit> edits = new IdentityHashMap<>();
    edits.put(parts.get(0), TreeEdit.delete());
    edits.put(parts.get(2), TreeEdit.delete());
    assertEquals("{\"a\": [1, 3]}", new String(tree.unparse(edits), UTF_8));
  }

  @Test
  void anOptionalPartIsANodeButALeftRecursiveRulesOperandsAreNot(@TempDir Path dir)
      throws Exception {
    Path g4 = dir.resolve("Stmt.g4");
    Files.writeString(
        g4,
        """
        grammar Stmt;
        stmt : 'if' ID 'then' stmt ('else' stmt)? | e ';' ;
        e    : e '*' e | e '+' e | ID ;
        ID   : [a-z]+ ;
        WS   : ' '+ -> skip ;
        """);
    GrammarTreeBuilder stmt = GrammarTreeBuilder.load(g4, Optional.empty());
    SyntaxTree tree = stmt.build("if c then x + y * z; else w;".getBytes(UTF_8));
    SyntaxNode elsePart = tree.root().children().get(tree.root().children().size() - 1);
    assertEquals(GrammarTreeBuilder.OPTIONAL, elsePart.kind());
    assertEquals("else w;", new String(tree.bytesOf(elsePart), UTF_8));
    Map<SyntaxNode, TreeEdit> edits = new IdentityHashMap<>();
    edits.put(elsePart, TreeEdit.delete());
    assertEquals("if c then x + y * z; ", new String(tree.unparse(edits), UTF_8));
    // A left-recursive rule's parse nests binary contexts (e '+' e) that no path of its rewritten
    // ATN matches: its operands get no parts, only their own replacements.
    assertTrue(
        tree.preorder().stream()
            .noneMatch(
                n ->
                    n.kind().equals(GrammarTreeBuilder.OPTIONAL)
                        && new String(tree.bytesOf(n), UTF_8).contains("+")),
        render(tree));
    assertArrayEquals("if c then x + y * z; else w;".getBytes(UTF_8), tree.unparse(Map.of()));
  }

  @Test
  void differentInputsGiveDifferentTrees() {
    assertNotEquals(
        render(JSON.build("[1]".getBytes(UTF_8))), render(JSON.build("[1,2]".getBytes(UTF_8))));
    assertFalse(JSON.build("[1,2]".getBytes(UTF_8)).root().isLeaf());
  }
}
