package dev.whittle.engine.algorithms.entropy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.Algorithms;
import dev.whittle.api.DecisionTreeBuilder;
import dev.whittle.api.EntropyDebugging;
import dev.whittle.api.Oracle;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.Whittle;
import dev.whittle.engine.sequence.CandidateTester;
import dev.whittle.engine.sequence.Subsequence;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;
import java.util.random.RandomGenerator;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class EntropyAlgorithmTest {
  @ParameterizedTest
  @EnumSource(DecisionTreeBuilder.class)
  void findsTheExactKeptSetWithEveryTreeBuilder(DecisionTreeBuilder trees) {
    List<Integer> numbers = IntStream.range(0, 300).boxed().toList();
    ReductionResult<List<Integer>> result =
        Whittle.reduce(SequenceInputs.list(numbers))
            .withAlgorithm(Algorithms.entropyDebugging().withTreeBuilder(trees))
            .run(Oracle.of(c -> c.contains(7) && c.contains(42) && c.contains(250)));
    assertEquals(List.of(7, 42, 250), result.reduced());
    assertTrue(result.oneMinimal());
  }

  @Test
  void reducesTheSelectTagToItsMinimum() {
    String html = "<td>\n<SELECT NAME=\"priority\" MULTIPLE SIZE=7>\n<OPTION>P1</SELECT></td>";
    ReductionResult<String> result =
        Whittle.reduce(SequenceInputs.chars(html))
            .run(Oracle.of(c -> c.matches("(?s).*<SELECT[^>]*>.*")));
    assertEquals("<SELECT>", result.reduced());
  }

  @Test
  void trailingJunkCostsAFewCallsNotOnePerItem() {
    // One important item early in a long input: a code for "the rest is junk" must find the
    // trailing block in a handful of calls (Zeller's gcc options case has this shape).
    List<Integer> items = IntStream.range(0, 4096).boxed().toList();
    ReductionResult<List<Integer>> result =
        Whittle.reduce(SequenceInputs.list(items))
            .withAlgorithm(Algorithms.entropyDebugging().withMinimize(false))
            .run(Oracle.of(c -> c.contains(3)));
    assertEquals(List.of(3), result.reduced());
    assertTrue(result.runs() <= 12, "calls: " + result.runs());
  }

  @Test
  void aLoneImportantItemAnywhereCostsAboutLog2nCalls() {
    // A uniform share in the first tree's prior: no 2 log2 n galloping for the first run.
    List<Integer> items = IntStream.range(0, 2048).boxed().toList();
    for (int needle : new int[] {1500, 700, 2047}) {
      ReductionResult<List<Integer>> result =
          Whittle.reduce(SequenceInputs.list(items))
              .withAlgorithm(Algorithms.entropyDebugging().withMinimize(false))
              .run(Oracle.of(c -> c.contains(needle)));
      assertEquals(List.of(needle), result.reduced());
      assertTrue(result.runs() <= 11 + 5, needle + ": " + result.runs() + " calls");
    }
  }

  @Test
  void presamplingRemovesByPositionNotByValue() {
    // All junk items are equal: removing "by value" would remove the wrong ones or all of them.
    String input = "aaaaaaaaaaaaaaaaaaaaXaaaaaaaaaaaaaaaaaaaa";
    EntropyDebugging heavySampling = Algorithms.entropyDebugging().withPresamples(15);
    ReductionResult<String> result =
        Whittle.reduce(SequenceInputs.chars(input))
            .withAlgorithm(heavySampling)
            .run(Oracle.of(c -> c.contains("aXa")));
    assertEquals("aXa", result.reduced());
  }

  @Test
  void presamplesAtTheScriptedPositions() {
    List<Integer> asked = new ArrayList<>();
    CandidateTester tester =
        candidate -> {
          int[] kept = candidate.toIndices();
          asked.add(kept.length);
          return IntStream.of(kept).anyMatch(i -> i == 9);
        };
    RandomGenerator scripted = new ScriptedRandom(4, 0);
    new EntropyAlgorithm(Algorithms.entropyDebugging().withPresamples(2), scripted)
        .reduce(Subsequence.full(10), tester);
    // First sample: position 4 removed (9 items asked), then its neighbour (8 items);
    // second sample: position 0 of what is left (7 items), then its neighbour (6 items).
    assertArrayEquals(new Integer[] {9, 8, 7, 6}, asked.subList(0, 4).toArray(new Integer[0]));
  }

  @Test
  void sameSeedSameResultOnANonMonotoneOracle() {
    String input = "abcabcabcabcabcabcabcabcabcabcXYZabcabcabc";
    Oracle<String> oracle =
        Oracle.of(c -> c.contains("X") && c.chars().filter(ch -> ch == 'a').count() % 2 == 1);
    EntropyDebugging sampled = Algorithms.entropyDebugging().withPresamples(5).withSeed(42);
    String first =
        Whittle.reduce(SequenceInputs.chars(input)).withAlgorithm(sampled).run(oracle).reduced();
    String second =
        Whittle.reduce(SequenceInputs.chars(input)).withAlgorithm(sampled).run(oracle).reduced();
    assertEquals(first, second);
  }

  @Test
  void withTwoJobsTheSweepAsksTheNextItemWhileItAsksThisOne() {
    // Every item important but one: a sweep asks about each item in turn, and with two jobs it
    // asks the next item's question beside this one's, so it needs about half the rounds.
    int size = 40;
    Predicate<Subsequence> allButTheTenth =
        candidate ->
            IntStream.range(0, size).allMatch(i -> i == 10 || contains(candidate.toIndices(), i));
    EntropyAlgorithm reducer = new EntropyAlgorithm(Algorithms.entropyDebugging(), new Random(1));
    RoundCountingTester one = new RoundCountingTester(allButTheTenth, 1);
    RoundCountingTester two = new RoundCountingTester(allButTheTenth, 2);

    Subsequence alone = reducer.reduce(Subsequence.full(size), one);
    Subsequence together = reducer.reduce(Subsequence.full(size), two);

    assertEquals(alone, together);
    assertEquals(size - 1, together.size());
    assertTrue(
        two.rounds * 10 <= one.rounds * 6,
        "rounds with two jobs: " + two.rounds + ", with one: " + one.rounds);
  }

  private static boolean contains(int[] kept, int index) {
    return IntStream.of(kept).anyMatch(i -> i == index);
  }

  /**
   * A tester with a cache and a parallelism that counts rounds: the calls that needed at least one
   * answer it did not know, each a wall-clock round of a loop with that many jobs.
   */
  private static final class RoundCountingTester implements CandidateTester {
    private final Predicate<Subsequence> interesting;
    private final int parallelism;
    private final Map<Subsequence, Boolean> known = new HashMap<>();
    int rounds;

    RoundCountingTester(Predicate<Subsequence> interesting, int parallelism) {
      this.interesting = interesting;
      this.parallelism = parallelism;
    }

    @Override
    public boolean isInteresting(Subsequence candidate) {
      return areInteresting(List.of(candidate))[0];
    }

    @Override
    public int parallelism() {
      return parallelism;
    }

    @Override
    public boolean isAnswered(Subsequence candidate) {
      return known.containsKey(candidate);
    }

    @Override
    public boolean[] areInteresting(List<Subsequence> candidates) {
      assertTrue(candidates.size() <= parallelism, candidates.size() + " questions at once");
      boolean newAnswer = false;
      boolean[] answers = new boolean[candidates.size()];
      for (int i = 0; i < answers.length; i++) {
        Subsequence candidate = candidates.get(i);
        newAnswer |= !known.containsKey(candidate);
        answers[i] = known.computeIfAbsent(candidate, interesting::test);
      }
      rounds += newAnswer ? 1 : 0;
      return answers;
    }
  }

  /** Returns the given positions in turn; everything else it is asked is a programming error. */
  private static final class ScriptedRandom implements RandomGenerator {
    private final int[] positions;
    private int next;

    ScriptedRandom(int... positions) {
      this.positions = positions;
    }

    @Override
    public int nextInt(int bound) {
      return positions[next++] % bound;
    }

    @Override
    public long nextLong() {
      throw new UnsupportedOperationException("only nextInt(bound) is scripted");
    }
  }
}
