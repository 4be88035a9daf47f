package dev.whittle.engine.tree.grammar;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.Algorithms;
import dev.whittle.api.ContentTester;
import dev.whittle.api.Oracle;
import dev.whittle.api.Outcome;
import dev.whittle.api.Pass;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.Whittle;
import dev.whittle.benchmarks.ExpressionMystery;
import dev.whittle.benchmarks.GrammarReductionBenchmark;
import dev.whittle.engine.tree.SyntaxNode;
import dev.whittle.engine.tree.SyntaxTree;
import dev.whittle.engine.tree.TreeEdit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GrammarPassTest {
  /** The chapter's long expression ("Comparing Strategies", In [73]). */
  private static final String LONG_EXPRESSION = GrammarReductionBenchmark.LONG_EXPRESSION;

  /** A tester like the chapter's CachingReducer: distinct candidates, in the order asked. */
  static final class Recorder implements ContentTester<byte[]> {
    final Predicate<byte[]> oracle;
    final Map<String, Boolean> cache = new HashMap<>();
    final List<String> tests = new ArrayList<>();

    Recorder(Predicate<byte[]> oracle) {
      this.oracle = oracle;
    }

    @Override
    public boolean isInteresting(byte[] candidate) {
      String key = new String(candidate, UTF_8);
      return cache.computeIfAbsent(
          key,
          k -> {
            tests.add(k);
            return oracle.test(candidate);
          });
    }
  }

  static final Predicate<byte[]> EVAL_MYSTERY =
      input -> ExpressionMystery.run(input) == Outcome.INTERESTING;

  @Test
  void theEvaluatorFollowsTheChaptersGrammar() {
    assertEquals(Outcome.INTERESTING, ExpressionMystery.run("1 + (2 * 3)"));
    assertEquals(Outcome.UNRESOLVED, ExpressionMystery.run("1+(2 * 3)"));
    assertEquals(Outcome.UNRESOLVED, ExpressionMystery.run("()"));
    assertEquals(Outcome.NOT_INTERESTING, ExpressionMystery.run("-2.5 / 3"));
    assertEquals(Outcome.INTERESTING, ExpressionMystery.run(LONG_EXPRESSION));
  }

  @Test
  void reducesTheChaptersExampleWithTheChaptersThreeTests() {
    Recorder tester = new Recorder(EVAL_MYSTERY);
    Pass<byte[]> reducer = GrammarPasses.grammarPass(GrammarFixtures.expr());
    byte[] result = reducer.reduce("1 + (2 * 3)".getBytes(UTF_8), tester);
    assertEquals("(3)", new String(result, UTF_8));
    // The chapter's log for the depth-oriented GrammarPass (In [71]), test for test.
    assertEquals(List.of("(2 * 3)", "(3)", "3"), tester.tests);
  }

  @Test
  void reducesTheChaptersLongExpressionToAParenthesizedDigit() {
    Recorder tester = new Recorder(EVAL_MYSTERY);
    Pass<byte[]> reducer = GrammarPasses.grammarPass(GrammarFixtures.expr());
    byte[] result = reducer.reduce(LONG_EXPRESSION.getBytes(UTF_8), tester);
    assertEquals("(9)", new String(result, UTF_8));
    // The chapter needs 10 tests (In [76]).
    assertTrue(tester.tests.size() <= 10, tester.tests.size() + " tests: " + tester.tests);
    assertTrue(tester.tests.stream().allMatch(ExpressionMystery::isExpression), "all valid");
  }

  @Test
  void returnsTheSameReferenceWhenNothingIsSmaller() {
    Recorder tester = new Recorder(EVAL_MYSTERY);
    byte[] minimal = "(3)".getBytes(UTF_8);
    assertSame(minimal, GrammarPasses.grammarPass(GrammarFixtures.expr()).reduce(minimal, tester));
    assertEquals(List.of("3"), tester.tests); // the chapter's test #3
    byte[] garbage = "}{".getBytes(UTF_8);
    assertSame(garbage, GrammarPasses.grammarPass(GrammarFixtures.expr()).reduce(garbage, tester));
    assertEquals(List.of("3"), tester.tests, "no parse, no question");
  }

  /** The chapter's exercise 2 grammar: a number is a float, an integer, or NaN. */
  private static GrammarTreeBuilder numbers(Path dir) throws Exception {
    Path g4 = dir.resolve("Number.g4");
    Files.writeString(
        g4,
        """
        grammar Number;
        start   : number EOF ;
        number  : float_ | integer | nan ;
        float_  : digits '.' digits ;
        integer : digits ;
        nan     : 'NaN' ;
        digits  : DIGIT+ ;
        DIGIT   : [0-9] ;
        """);
    return GrammarTreeBuilder.load(g4, Optional.empty());
  }

  /** Fails on every number that is not an integer, as a parser of integers would. */
  private static boolean notAnInteger(byte[] input) {
    return new String(input, UTF_8).matches("[0-9]+\\.[0-9]+|NaN");
  }

  @Test
  void withoutProductionAFloatStaysAFloat(@TempDir Path dir) throws Exception {
    Recorder tester = new Recorder(GrammarPassTest::notAnInteger);
    byte[] result =
        GrammarPasses.grammarPass(numbers(dir)).reduce("100.99".getBytes(UTF_8), tester);
    // The float's alternative expansion <digits>.<digits> takes the first combination of digits
    // found inside that is smaller (the chapter's possible_combinations order): 99.99, then each
    // digits node keeps one DIGIT.
    assertEquals("9.9", new String(result, UTF_8));
    assertEquals(List.of("99.99", "9.99", "9.9"), tester.tests);
  }

  @Test
  void byProductionAFloatBecomesNan(@TempDir Path dir) throws Exception {
    Recorder tester = new Recorder(GrammarPassTest::notAnInteger);
    byte[] result =
        GrammarPasses.generativeGrammarPass(numbers(dir)).reduce("100.99".getBytes(UTF_8), tester);
    assertEquals("NaN", new String(result, UTF_8));
    assertTrue(tester.tests.contains("0"), "tried the integer first: " + tester.tests);
  }

  @Test
  void hoistsTheJsonValueThatMattersAndKeepsItsWhitespace() {
    Recorder tester =
        new Recorder(
            input -> {
              String s = new String(input, UTF_8);
              return s.contains("\"crash\"") && JSON_VALID.test(input);
            });
    byte[] input = "{\"a\": [1, {\"b\" :  [\"crash\", 2]}], \"c\": 2}".getBytes(UTF_8);
    byte[] result = GrammarPasses.grammarPass(GrammarFixtures.json()).reduce(input, tester);
    assertEquals("\"crash\"", new String(result, UTF_8));
  }

  @Test
  void generativeReductionReplacesAWholeObjectByItsMinimalExpansion() {
    // Interesting: any JSON whose top-level value is an object with a member "k".
    Recorder tester =
        new Recorder(
            input -> JSON_VALID.test(input) && new String(input, UTF_8).matches("\\{\"k\":.*\\}"));
    byte[] input = "{\"k\": {\"x\": [1, 2, 3], \"y\": true}}".getBytes(UTF_8);
    byte[] plain = GrammarPasses.grammarPass(GrammarFixtures.json()).reduce(input, tester);
    byte[] generated =
        GrammarPasses.generativeGrammarPass(GrammarFixtures.json()).reduce(input, tester);
    // The plain reducer builds only from what is there: the object's alternative '{' '}' from its
    // own braces.
    assertEquals("{\"k\": {}}", new String(plain, UTF_8));
    // Production finds the value's minimal expansion, 0, which the input never had.
    assertEquals("{\"k\": 0}", new String(generated, UTF_8));
  }

  @Test
  void runsInsideAReductionThroughTheOracleLoop() {
    byte[] input = "{\"a\": [1, {\"b\" :  [\"crash\", 2]}], \"c\": 2}".getBytes(UTF_8);
    List<String> asked = new ArrayList<>();
    ReductionResult<byte[]> result =
        Whittle.reduce(SequenceInputs.bytes(input))
            .withAlgorithm(Algorithms.ddmin())
            .withPass(GrammarPasses.grammarPass(GrammarFixtures.json()))
            .withPassesFirst(true)
            .run(
                Oracle.of(
                    (byte[] candidate) -> {
                      asked.add(new String(candidate, UTF_8));
                      return StrictJson.isValid(new String(candidate, UTF_8))
                          && new String(candidate, UTF_8).contains("\"crash\"");
                    }));
    assertEquals("\"crash\"", new String(result.reduced(), UTF_8));
    assertEquals(asked.size(), result.runs());
  }

  /**
   * A plain level-by-level deletion over the builder's trees, the way HDD uses them: every node of
   * a level is deleted (leaving its replacement) if the rest is still interesting. With the
   * optional parts deleting to nothing and rules to their minimal expansions, every candidate it
   * makes from a valid document is valid JSON.
   */
  @Test
  void theTreesSuitHierarchicalDeletion() {
    GrammarTreeBuilder json = GrammarFixtures.json();
    byte[] current = "{\"a\": [1, {\"b\": \"crash\"}, 3], \"c\": [true, false]}".getBytes(UTF_8);
    List<String> invalid = new ArrayList<>();
    Predicate<byte[]> oracle =
        candidate -> {
          String text = new String(candidate, UTF_8);
          if (!StrictJson.isValid(text)) {
            invalid.add(text);
            return false;
          }
          return text.contains("\"crash\"");
        };
    for (int depth = 0; ; depth++) {
      SyntaxTree tree = json.build(current);
      List<SyntaxNode> level = tree.level(depth);
      if (level.isEmpty()) {
        break;
      }
      Map<SyntaxNode, TreeEdit> deleted = new IdentityHashMap<>();
      for (SyntaxNode node : level) {
        deleted.put(node, TreeEdit.delete());
        byte[] candidate = tree.unparse(deleted);
        if (candidate.length >= current.length || !oracle.test(candidate)) {
          deleted.remove(node);
        } else {
          current = candidate;
        }
      }
    }
    // The array's first element is no optional part ('[' value (',' value)* ']' requires it) and
    // its minimal expansion 0 is no shorter than 1: deletion keeps it, where the grammar pass's
    // alternatives would not.
    assertEquals("{\"\": [1, {\"\": \"crash\"}]}", new String(current, UTF_8));
    assertEquals(List.of(), invalid);
  }

  /** Valid JSON by the grammar itself: a tree that is not flat and has no error tokens. */
  private static final Predicate<byte[]> JSON_VALID =
      input -> {
        var tree = GrammarFixtures.json().build(input);
        return tree.root().kind().equals("json")
            && GrammarFixtures.render(tree).length() > 0
            && StrictJson.isValid(new String(input, UTF_8));
      };
}
