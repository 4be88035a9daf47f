package dev.whittle.engine.sequence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.Algorithm;
import dev.whittle.api.Algorithms;
import dev.whittle.api.Budget;
import dev.whittle.api.MarkovModel;
import dev.whittle.api.Oracle;
import dev.whittle.api.Outcome;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInput;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.StopReason;
import dev.whittle.api.Whittle;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The {@link SequenceAlgorithm} contract, checked for every algorithm {@link Algorithms#names()}
 * offers, through the public API only.
 *
 * <p>Random inputs come from a two-state Markov chain of important and unimportant items with
 * random {@code p(u)} and {@code p(uu)}. Monotone oracles ask for all important items (each item
 * value occurs once); non-monotone ones add a parity or hash condition that the original meets.
 * Random cases assert the contract, never an exact result; exact results are asserted only where
 * they are unique (the quality tests at the end).
 */
class SequenceAlgorithmContractTest {
  private static final String EVERY_ALGORITHM = "dev.whittle.api.Algorithms#names";
  private static final int MAX_LENGTH = 200;
  private static final int RANDOM_CASES = 40;

  // ---------------------------------------------------------------- the contract, on random cases

  @ParameterizedTest(name = "{0}")
  @MethodSource(EVERY_ALGORITHM)
  void aMonotoneOracleReducesToExactlyTheKeptItems(String name) {
    Algorithm algorithm = Algorithms.named(name);
    Random random = new Random(0x5EED_0001L);
    for (int round = 0; round < RANDOM_CASES; round++) {
      MustKeepCase example = MustKeepCase.random(random);
      ReductionResult<List<Integer>> result =
          checkContract(algorithm, example.input(), example.oracle(), "round " + round);
      assertEquals(example.kept(), result.reduced(), "round " + round + ", " + example);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource(EVERY_ALGORITHM)
  void aNonMonotoneParityOracleKeepsTheContract(String name) {
    Algorithm algorithm = Algorithms.named(name);
    Random random = new Random(0x5EED_0002L);
    for (int round = 0; round < RANDOM_CASES; round++) {
      List<Integer> input = smallAlphabetInput(random);
      Set<Integer> needed = neededValues(random, input);
      int marker = random.nextInt(ALPHABET);
      int parity = count(input, marker) % 2;
      // Interesting iff all needed values occur and the marker count keeps its parity.
      Predicate<List<Integer>> oracle =
          candidate -> candidate.containsAll(needed) && count(candidate, marker) % 2 == parity;
      checkContract(algorithm, input, oracle, "round " + round + ", marker " + marker);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource(EVERY_ALGORITHM)
  void aNonMonotoneHashOracleKeepsTheContract(String name) {
    Algorithm algorithm = Algorithms.named(name);
    Random random = new Random(0x5EED_0003L);
    for (int round = 0; round < RANDOM_CASES; round++) {
      List<Integer> input = smallAlphabetInput(random);
      Set<Integer> needed = neededValues(random, input);
      // Interesting for the original and for about one in four candidates with the needed values.
      Predicate<List<Integer>> oracle =
          candidate ->
              candidate.equals(input)
                  || (candidate.containsAll(needed) && Math.floorMod(scramble(candidate), 4) == 0);
      checkContract(algorithm, input, oracle, "round " + round);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource(EVERY_ALGORITHM)
  void emptyAndOneItemInputsKeepTheContract(String name) {
    Algorithm algorithm = Algorithms.named(name);
    checkContract(algorithm, List.of(), candidate -> true, "empty input");
    checkContract(algorithm, List.of(1), candidate -> true, "one removable item");
    checkContract(algorithm, List.of(1), candidate -> !candidate.isEmpty(), "one needed item");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource(EVERY_ALGORITHM)
  void theSameInputGivesTheSameResult(String name) {
    Algorithm algorithm = Algorithms.named(name);
    Random random = new Random(0x5EED_0004L);
    for (int round = 0; round < 8; round++) {
      List<Integer> input = smallAlphabetInput(random);
      Set<Integer> needed = neededValues(random, input);
      Predicate<List<Integer>> oracle =
          candidate ->
              candidate.equals(input)
                  || (candidate.containsAll(needed) && Math.floorMod(scramble(candidate), 3) == 0);

      ReductionResult<List<Integer>> first = run(algorithm, input, oracle, Budget.unlimited());
      ReductionResult<List<Integer>> second = run(algorithm, input, oracle, Budget.unlimited());

      assertEquals(first.reduced(), second.reduced(), "round " + round);
      assertEquals(first.runs(), second.runs(), "round " + round);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource(EVERY_ALGORITHM)
  void theBudgetIsRespected(String name) {
    Algorithm algorithm = Algorithms.named(name);
    Random random = new Random(0x5EED_0005L);
    for (long maxRuns : new long[] {1, 2, 3, 5, 8, 13, 40, 100}) {
      MustKeepCase example = MustKeepCase.random(random, 120);
      ReductionResult<List<Integer>> result =
          run(
              algorithm,
              example.input(),
              example.oracle(),
              Budget.unlimited().withMaxRuns(maxRuns));

      String context = "maxRuns " + maxRuns + ": " + result;
      assertTrue(result.runs() <= maxRuns, context);
      assertTrue(example.oracle().test(result.reduced()), context);
      if (result.stopReason() != StopReason.COMPLETED) {
        assertEquals(StopReason.MAX_RUNS, result.stopReason(), context);
        assertEquals(maxRuns, result.runs(), context);
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource(EVERY_ALGORITHM)
  void anInterruptedReductionReturnsAnInterestingBestSoFar(String name) {
    Algorithm algorithm = Algorithms.named(name);
    List<Integer> input = IntStream.range(0, 100).boxed().toList();
    Predicate<List<Integer>> needsThree = candidate -> candidate.containsAll(List.of(10, 50, 90));
    for (int interruptAt : new int[] {1, 2, 7}) {
      int[] calls = {0};
      Oracle<List<Integer>> interrupting =
          candidate -> {
            if (++calls[0] == interruptAt) {
              Thread.currentThread().interrupt();
            }
            return verdict(needsThree, candidate);
          };
      ReductionResult<List<Integer>> result;
      try {
        result =
            Whittle.reduce(SequenceInputs.list(input)).withAlgorithm(algorithm).run(interrupting);
      } finally {
        Thread.interrupted();
      }

      String context = "interrupted at call " + interruptAt + ": " + result;
      assertEquals(StopReason.INTERRUPTED, result.stopReason(), context);
      assertEquals(interruptAt, result.runs(), context);
      assertTrue(needsThree.test(result.reduced()), context);
      assertTrue(result.reducedSize() <= input.size(), context);
    }
  }

  // ---------------------------------------------------- quality: exact minima where they are
  // unique

  /** The ddmin notebook's example: any 1-minimal match of the tag is the bare tag name. */
  @ParameterizedTest(name = "{0}")
  @MethodSource(EVERY_ALGORITHM)
  void theSelectTagReducesToItsName(String name) {
    Pattern tag = Pattern.compile("<SELECT[^>]*>");
    assertUniqueMinimum(
        Algorithms.named(name),
        "<SELECT NAME=\"priority\" MULTIPLE SIZE=7>",
        text -> tag.matcher(text).find(),
        "<SELECT>");
  }

  /**
   * The Fuzzing Book's MysteryRunner fails when an opening parenthesis comes before the first
   * closing one; its only 1-minimal content is {@code ()}, whichever parentheses are kept.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource(EVERY_ALGORITHM)
  void theMysteryInputReducesToItsOnlyOneMinimalContent(String name) {
    String failing =
        " 7:,>((/$$-/->.;.=;(.%!:50#7*8=$&&=$9!%6(4=&69':'<3+0-3.24#7=!&60)2/+\";+<7+1<2!4$>92+$1"
            + "<(3%&5''>#";
    Predicate<String> opensBeforeItCloses =
        text -> {
          int open = text.indexOf('(');
          int close = text.indexOf(')');
          return open >= 0 && close >= 0 && open < close;
        };
    assertUniqueMinimum(Algorithms.named(name), failing, opensBeforeItCloses, "()");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource(EVERY_ALGORITHM)
  void aListOfNumbersReducesToTheTwoThatMatter(String name) {
    List<Integer> numbers = new ArrayList<>(IntStream.range(0, 100).boxed().toList());
    Collections.shuffle(numbers, new Random(42));
    List<Integer> expected = numbers.stream().filter(n -> n == 7 || n == 42).toList();

    ReductionResult<List<Integer>> result =
        run(
            Algorithms.named(name),
            numbers,
            candidate -> candidate.contains(7) && candidate.contains(42),
            Budget.unlimited());

    assertEquals(expected, result.reduced());
  }

  // ------------------------------------------------------------------------------------- helpers

  /**
   * Runs {@code algorithm} and checks what the contract promises: an interesting result, never
   * larger than the input, and for minimizing algorithms one verified 1-minimal by the engine and
   * by brute force.
   */
  private static ReductionResult<List<Integer>> checkContract(
      Algorithm algorithm, List<Integer> input, Predicate<List<Integer>> oracle, String context) {
    ReductionResult<List<Integer>> result = run(algorithm, input, oracle, Budget.unlimited());
    List<Integer> reduced = result.reduced();
    String where = context + ", input " + input + ": " + result;

    assertEquals(StopReason.COMPLETED, result.stopReason(), where);
    assertTrue(oracle.test(reduced), "result not interesting; " + where);
    assertTrue(reduced.size() <= input.size(), where);
    assertEquals(reduced.size(), result.reducedSize(), where);
    if (algorithm.minimizes()) {
      assertTrue(result.oneMinimal(), "not verified 1-minimal; " + where);
      assertOneMinimal(reduced, oracle, where);
    }
    return result;
  }

  private static void assertOneMinimal(
      List<Integer> reduced, Predicate<List<Integer>> oracle, String where) {
    for (int p = 0; p < reduced.size(); p++) {
      List<Integer> smaller = new ArrayList<>(reduced);
      smaller.remove(p);
      assertFalse(oracle.test(smaller), "deleting position " + p + " stays interesting; " + where);
    }
  }

  /**
   * A minimizing algorithm must find {@code minimum}, the only 1-minimal content; one that only
   * simplifies promises just an interesting result no longer than the input.
   */
  private static void assertUniqueMinimum(
      Algorithm algorithm, String input, Predicate<String> oracle, String minimum) {
    ReductionResult<String> result =
        Whittle.reduce(SequenceInputs.chars(input)).withAlgorithm(algorithm).run(Oracle.of(oracle));
    if (algorithm.minimizes()) {
      assertEquals(minimum, result.reduced(), result.toString());
      assertTrue(result.oneMinimal(), result.toString());
    } else {
      assertTrue(oracle.test(result.reduced()), result.toString());
      assertTrue(result.reducedSize() <= input.length(), result.toString());
    }
  }

  private static ReductionResult<List<Integer>> run(
      Algorithm algorithm, List<Integer> input, Predicate<List<Integer>> oracle, Budget budget) {
    SequenceInput<List<Integer>> items = SequenceInputs.list(input);
    return Whittle.reduce(items)
        .withAlgorithm(algorithm)
        .withBudget(budget)
        .run(candidate -> verdict(oracle, candidate));
  }

  private static Outcome verdict(Predicate<List<Integer>> oracle, List<Integer> candidate) {
    return oracle.test(candidate) ? Outcome.INTERESTING : Outcome.NOT_INTERESTING;
  }

  // ---------------------------------------------------------------------------- random inputs

  private static final int ALPHABET = 6;

  /** Items from a small alphabet, so values repeat: for the non-monotone oracles. */
  private static List<Integer> smallAlphabetInput(Random random) {
    int length = random.nextInt(MAX_LENGTH + 1);
    return random
        .ints(length, 0, ALPHABET)
        .boxed()
        .collect(Collectors.toCollection(ArrayList::new));
  }

  /** The values at up to three important positions, where importance follows a Markov chain. */
  private static Set<Integer> neededValues(Random random, List<Integer> input) {
    boolean[] important = markovImportance(random, input.size());
    Set<Integer> needed = new HashSet<>();
    for (int i = 0; i < input.size() && needed.size() < 3; i++) {
      if (important[i]) {
        needed.add(input.get(i));
      }
    }
    return needed;
  }

  /** Which of {@code length} items are important, from a random two-state Markov chain. */
  static boolean[] markovImportance(Random random, int length) {
    MarkovModel model = randomModel(random);
    boolean[] important = new boolean[length];
    boolean unimportant = random.nextDouble() < model.pU();
    for (int i = 0; i < length; i++) {
      important[i] = !unimportant;
      double stayOrBecomeUnimportant = unimportant ? model.pUU() : model.pIU();
      unimportant = random.nextDouble() < stayOrBecomeUnimportant;
    }
    return important;
  }

  /** Random p(u) and p(uu), redrawn until a chain with them exists. */
  private static MarkovModel randomModel(Random random) {
    while (true) {
      double pU = 0.02 + 0.96 * random.nextDouble();
      double pUU = 0.02 + 0.96 * random.nextDouble();
      if (pU * (1 - pUU) <= 1 - pU) {
        return new MarkovModel(pU, pUU);
      }
    }
  }

  private static int count(List<Integer> items, int value) {
    return (int) items.stream().filter(item -> item == value).count();
  }

  /** A well-spread hash of a list, so that "one in four" does not follow its length or order. */
  private static long scramble(List<Integer> items) {
    long h = 0x9E3779B97F4A7C15L;
    for (int item : items) {
      h = (h ^ item) * 0xBF58476D1CE4E5B9L;
      h ^= h >>> 29;
    }
    return h;
  }

  /**
   * A random input of distinct values whose important items (from a Markov chain) must all be kept:
   * monotone, and its only 1-minimal result is the important items in order.
   */
  private record MustKeepCase(List<Integer> input, List<Integer> kept) {
    static MustKeepCase random(Random random) {
      return random(random, random.nextInt(MAX_LENGTH + 1));
    }

    static MustKeepCase random(Random random, int length) {
      List<Integer> values = new ArrayList<>(IntStream.range(0, length).boxed().toList());
      Collections.shuffle(values, random);
      boolean[] important = markovImportance(random, length);
      List<Integer> kept = new ArrayList<>();
      for (int i = 0; i < length; i++) {
        if (important[i]) {
          kept.add(values.get(i));
        }
      }
      return new MustKeepCase(List.copyOf(values), List.copyOf(kept));
    }

    Predicate<List<Integer>> oracle() {
      Set<Integer> needed = Set.copyOf(kept);
      return candidate -> candidate.stream().filter(needed::contains).count() == needed.size();
    }

    @Override
    public String toString() {
      return input.size() + " items, keeping " + kept;
    }
  }
}
