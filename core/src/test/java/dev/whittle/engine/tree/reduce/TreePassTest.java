package dev.whittle.engine.tree.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.Algorithms;
import dev.whittle.api.ContentTester;
import dev.whittle.api.Pass;
import dev.whittle.engine.tree.lenient.LenientFormats;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** HDD, HDD*, coarse HDD and GTR on inputs whose result is known exactly. */
class TreePassTest {
  static final String JSON =
      "{\"name\": \"x\", \"list\": [1, 2, {\"deep\": [3, 4, \"boom\"]}], \"other\": {\"a\": 1}}";

  /** Valid JSON that still holds {@code "boom"}: a target whose parser rejects anything else. */
  static final Predicate<byte[]> BOOM =
      bytes -> StrictJson.isValid(bytes) && text(bytes).contains("\"boom\"");

  /** Answers a predicate and counts the questions, as the oracle loop would without its cache. */
  static final class Counting implements ContentTester<byte[]> {
    final Predicate<byte[]> predicate;
    final List<String> asked = new ArrayList<>();

    Counting(Predicate<byte[]> predicate) {
      this.predicate = predicate;
    }

    @Override
    public boolean isInteresting(byte[] candidate) {
      asked.add(text(candidate));
      return predicate.test(candidate);
    }
  }

  @Test
  void hddKeepsTheInputValidAndDeletesEveryNodeItCan() {
    Counting tester = new Counting(BOOM);
    byte[] result =
        TreePasses.hdd(LenientFormats.json(), Algorithms.ddmin()).reduce(bytes(JSON), tester);
    // Every deletion that is still valid JSON with "boom" in it is made, no dangling comma; the
    // blanks between items stay for the byte-level pass after it.
    assertEquals("{ \"list\": [  {\"deep\": [  \"boom\"]}] }", text(result));
    assertTrue(tester.asked.stream().allMatch(s -> s.length() < JSON.length()));
  }

  @Test
  void hddAsksOnlyQuestionsTheTreeMakes() {
    for (String asked : askedBy(TreePasses.hdd(LenientFormats.json(), Algorithms.ddmin()))) {
      // Never half a string or half a number: every candidate is JSON's own tokens.
      assertTrue(!asked.contains("boo\"") && !asked.contains("\"oom"), asked);
    }
  }

  @Test
  void gtrHoistsTheInnerObjectIntoTheRootsPlaceAndTheStringIntoTheArraysContents() {
    byte[] result =
        TreePasses.gtr(LenientFormats.json(), Algorithms.ddmin(), LearnedFilters.none())
            .reduce(bytes(JSON), new Counting(BOOM));
    assertEquals("{\"deep\": [\"boom\"]}", text(result));
  }

  @Test
  void gtrStarAndHddStarReachAFixpoint() {
    Predicate<byte[]> containsBoom = bytes -> text(bytes).contains("boom");
    byte[] hddStar =
        TreePasses.hddStar(LenientFormats.json(), Algorithms.entropyDebugging())
            .reduce(bytes(JSON), new Counting(containsBoom));
    assertEquals("{  [  { [  \"boom\"]}] }", text(hddStar));
    byte[] gtrStar =
        TreePasses.gtrStar(LenientFormats.json(), Algorithms.ddmin(), LearnedFilters.none())
            .reduce(bytes(JSON), new Counting(containsBoom));
    assertEquals("\"boom\"", text(gtrStar));
  }

  @Test
  void coarseHddIsHddOnLenientTrees() {
    assertEquals(
        text(
            TreePasses.hdd(LenientFormats.json(), Algorithms.ddmin())
                .reduce(bytes(JSON), new Counting(BOOM))),
        text(
            TreePasses.coarseHdd(LenientFormats.json(), Algorithms.ddmin())
                .reduce(bytes(JSON), new Counting(BOOM))));
  }

  @Test
  void aFlatTreeCostsNoQuestion() {
    Counting tester = new Counting(bytes -> true);
    byte[] input = {0, 1, 2, 3};
    assertSame(
        input,
        TreePasses.hddStar(LenientFormats.bytes(), Algorithms.ddmin()).reduce(input, tester));
    assertEquals(List.of(), tester.asked);
  }

  @Test
  void learnedFiltersSpareMandatoryChildrenAndForeignContexts() {
    List<byte[]> corpus =
        List.of(bytes("{\"a\": [1, 2]}"), bytes("{\"b\": {\"c\": [3]}}"), bytes("[{\"d\": 4}]"));
    LearnedFilters filters = LearnedFilters.learn(LenientFormats.json(), corpus);
    // Every object and array in the corpus has contents.
    assertTrue(filters.isMandatory("pair:{}", "content"));
    assertTrue(filters.isMandatory("pair:[]", "content"));
    assertTrue(filters.isAllowedContext("content", "pair:[]"));
    assertTrue(!filters.isAllowedContext(LearnedFilters.ROOT, "string"));
    Counting filtered = new Counting(BOOM);
    byte[] result =
        TreePasses.gtr(LenientFormats.json(), Algorithms.ddmin(), filters)
            .reduce(bytes(JSON), filtered);
    Counting unfiltered = new Counting(BOOM);
    TreePasses.gtr(LenientFormats.json(), Algorithms.ddmin(), LearnedFilters.none())
        .reduce(bytes(JSON), unfiltered);
    // No array of strings in the corpus: a string never stands in an array's contents.
    assertEquals("{\"deep\": [  \"boom\"]}", text(result));
    assertTrue(
        filtered.asked.size() < unfiltered.asked.size(),
        filtered.asked.size() + " questions with filters, " + unfiltered.asked.size() + " without");
  }

  private static List<String> askedBy(Pass<byte[]> reducer) {
    Counting tester = new Counting(BOOM);
    reducer.reduce(bytes(JSON), tester);
    return tester.asked;
  }

  static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }
}
