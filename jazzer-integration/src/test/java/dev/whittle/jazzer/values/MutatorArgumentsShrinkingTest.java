package dev.whittle.jazzer.values;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.ContentTester;
import dev.whittle.api.Oracle;
import dev.whittle.api.Pass;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.Whittle;
import dev.whittle.jazzer.targets.JsonBoomTarget;
import dev.whittle.jazzer.values.MutatorTargets.Interval;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Shrinking quality in the jqwik style: from a big random failing input, the exact simplest
 * arguments. Real methods, Jazzer's real ArgumentsMutator, the whole reduction (pass and byte-level
 * Entropy Debugging) through {@link Whittle#reduce}.
 */
class MutatorArgumentsShrinkingTest {
  private static ReductionResult<byte[]> shrink(Method method, byte[] original) {
    return shrink(method, original, ValuePasses.forMutatorArguments(method));
  }

  private static ReductionResult<byte[]> shrink(
      Method method, byte[] original, Pass<byte[]> reducer) {
    Oracle<byte[]> target = bytes -> MutatorTargets.run(method, bytes);
    return Whittle.reduce(SequenceInputs.bytes(original))
        .withPass(reducer)
        .withPassesFirst(true)
        .run(MutatorArguments.onlyCanonical(method, original, target));
  }

  private static String randomLetters(Random random, int length) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < length; i++) {
      s.append((char) ('a' + random.nextInt(26)));
    }
    return s.toString();
  }

  @Test
  void stringAndIntShrinkToTheBugAndTheFirstIntAboveTheThreshold() {
    Method method = MutatorTargets.method("stringAndInt");
    Random random = new Random(11);
    String s = randomLetters(random, 400) + "bug" + randomLetters(random, 500);
    byte[] original = MutatorTargets.encode(method, s, 987_654_321);

    ReductionResult<byte[]> result = shrink(method, original);

    assertArrayEquals(new Object[] {"bug", 101}, MutatorTargets.decode(method, result.reduced()));
    // Jazzer's own encoding of them: 1 present flag, 4 length, 3 characters, 4 int.
    assertArrayEquals(MutatorTargets.encode(method, "bug", 101), result.reduced());
  }

  @Test
  void aValueThatMustDifferFromTheOthersMovesToTheOtherSideOfZero() {
    Method method = MutatorTargets.method("fiveDistinct");
    byte[] original = MutatorTargets.encode(method, List.of(List.of(0, 1, -1, 2, 3)));
    Oracle<byte[]> target = bytes -> MutatorTargets.run(method, bytes);

    // An allowance past the deletions that each fail on five distinct values.
    ReductionResult<byte[]> result =
        Whittle.reduce(SequenceInputs.bytes(original))
            .withPass(ValuePasses.forMutatorArguments(method))
            .withPassesFirst(true)
            .withPassAllowance(64)
            .run(MutatorArguments.onlyCanonical(method, original, target));

    assertEquals(
        "[[[0, 1, -1, 2, -2]]]",
        Arrays.deepToString(MutatorTargets.decode(method, result.reduced())));
  }

  @Test
  void aSumSplitOverTwoListsMovesIntoOneAfterTheSearchesThatCannotLowerEitherAlone() {
    Method method = MutatorTargets.method("overflowingPair");
    byte[] original =
        MutatorTargets.encode(method, List.of((short) -18425), List.of((short) -14344));

    ReductionResult<byte[]> result = shrink(method, original);

    assertEquals(
        "[[-1], [-32768]]", Arrays.deepToString(MutatorTargets.decode(method, result.reduced())));
  }

  @Test
  void aFlagAndTheOperandItGuardsAreSimplifiedTogether() {
    Method method = MutatorTargets.method("divisorEvaluatesToZero");
    // 5 / 9 is zero; (true, 0, 1) fails too, but false alone makes it 0 + 1, and 0 alone a
    // division by a literal zero: only the two together reach 0 + 0.
    byte[] original = MutatorTargets.encode(method, true, 5, 9);

    ReductionResult<byte[]> result = shrink(method, original);

    assertArrayEquals(new Object[] {false, 0, 0}, MutatorTargets.decode(method, result.reduced()));
  }

  @Test
  void valuesWhoseDifferencesFailAreShiftedTogetherToZeroFromEitherSide() {
    Method method = MutatorTargets.method("consecutive");
    for (int start : new int[] {-7_777, 1_000_000}) {
      byte[] original = MutatorTargets.encode(method, start, start + 1, start + 2);

      ReductionResult<byte[]> result = shrink(method, original);

      assertArrayEquals(
          new Object[] {0, 1, 2}, MutatorTargets.decode(method, result.reduced()), "from " + start);
    }
  }

  @Test
  void aLongListWhoseSumWrapsAroundKeepsItsFirstChunk() {
    Method method = MutatorTargets.method("overflowingPair");
    // 240 values where deleting any 1 to 16 of them, or any chunk of a power-of-two size, no longer
    // fails: their 16-bit sum comes back only every 30 values.
    List<Short> wrapping = new ArrayList<>();
    wrapping.add((short) -2196);
    for (int i = 1; i < 240; i++) {
      wrapping.add((short) -2197);
    }
    byte[] original =
        MutatorTargets.encode(method, List.of((short) -14889, (short) -14889), wrapping);

    Object[] reduced = MutatorTargets.decode(method, shrink(method, original).reduced());

    // Two of its values left; the pair's moves stop there (two lists of two).
    assertEquals(List.of((short) -2197, (short) -2197), reduced[1]);
  }

  @Test
  void aTreeIsRebuiltInTheSmallestShapeOfItsValuesThatStillFails() {
    Method method = MutatorTargets.method("rightAboveLeft");
    MutatorTargets.Tree left =
        new MutatorTargets.Tree(
            4, new MutatorTargets.Tree(5, null, null), new MutatorTargets.Tree(8, null, null));
    MutatorTargets.Tree right =
        new MutatorTargets.Tree(6, new MutatorTargets.Tree(7, null, null), null);
    byte[] original = MutatorTargets.encode(method, new MutatorTargets.Tree(3, left, right));

    ReductionResult<byte[]> result = shrink(method, original);

    // The failing child moved from the left to the right: no move of one value does that.
    assertEquals(
        "[Tree[value=0, left=null, right=Tree[value=0, left=Tree[value=0, left=null, right=null],"
            + " right=Tree[value=1, left=null, right=null]]]]",
        Arrays.deepToString(MutatorTargets.decode(method, result.reduced())));
  }

  @Test
  void aRecordIsReplacedByADescendantOfItsType() {
    Method method = MutatorTargets.method("anyRightAboveLeft");
    MutatorTargets.Tree failing =
        new MutatorTargets.Tree(
            0, new MutatorTargets.Tree(0, null, null), new MutatorTargets.Tree(1, null, null));
    // Above it a chain that no deletion of a subtree shortens: each link holds the failing part.
    byte[] original =
        MutatorTargets.encode(
            method,
            new MutatorTargets.Tree(
                0,
                null,
                new MutatorTargets.Tree(0, new MutatorTargets.Tree(0, null, failing), null)));

    ReductionResult<byte[]> result = shrink(method, original);

    assertEquals(
        Arrays.deepToString(new Object[] {failing}),
        Arrays.deepToString(MutatorTargets.decode(method, result.reduced())));
  }

  @Test
  void positionsInTheirOwnListAreRenumberedAsElementsBeforeThemGo() {
    Method method = MutatorTargets.method("coupled");
    // Positions 3 and 7 point at each other; deleting any element alone breaks the positions.
    byte[] original = MutatorTargets.encode(method, List.of(0, 0, 0, 7, 0, 0, 0, 3));

    ReductionResult<byte[]> result = shrink(method, original);

    assertEquals("[[1, 0]]", Arrays.deepToString(MutatorTargets.decode(method, result.reduced())));
  }

  @Test
  void aJsonStringShrinksAsATreeToTheShortestDocumentThatFails() {
    Method method = MutatorTargets.method("json");
    byte[] original = MutatorTargets.encode(method, JsonBoomTarget.CRASH);

    ReductionResult<byte[]> result = shrink(method, original);

    assertArrayEquals(
        new Object[] {"{\"boom\":1}"}, MutatorTargets.decode(method, result.reduced()));
    assertArrayEquals(MutatorTargets.encode(method, "{\"boom\":1}"), result.reduced());
  }

  @Test
  void withoutTheTreeStepTheJsonStringStopsShortOfIt() {
    Method method = MutatorTargets.method("json");
    byte[] original = MutatorTargets.encode(method, JsonBoomTarget.CRASH);

    ReductionResult<byte[]> result =
        shrink(method, original, new MutatorArgumentsPass(MutatorCodec.forMethod(method), false));

    String value = (String) MutatorTargets.decode(method, result.reduced())[0];
    assertTrue(value.length() > "{\"boom\":1}".length(), value);
  }

  @Test
  void aListShrinksToTwoElementsJustAboveTheThreshold() {
    Method method = MutatorTargets.method("list");
    Random random = new Random(12);
    List<Integer> xs = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      xs.add(random.nextInt(2_000_000) - 1_000_000);
    }
    xs.set(17, 4_000);
    xs.set(45, 777);
    byte[] original = MutatorTargets.encode(method, xs);

    ReductionResult<byte[]> result = shrink(method, original);

    assertArrayEquals(
        new Object[] {List.of(51, 51)}, MutatorTargets.decode(method, result.reduced()));
  }

  @Test
  void aMapLosesEveryEntryButTheFailingOneWhoseKeyAndValueShrinkToTheBug() {
    Method method = MutatorTargets.method("map");
    Random random = new Random(13);
    Map<String, Integer> m = new LinkedHashMap<>();
    for (int i = 0; i < 20; i++) {
      m.put(randomLetters(random, 5 + random.nextInt(30)), random.nextInt());
    }
    m.put("a-long-key-with-the-k-in-it", 123_456_789);
    byte[] original = MutatorTargets.encode(method, m);

    ReductionResult<byte[]> result = shrink(method, original);

    assertArrayEquals(
        new Object[] {Map.of("k", 1001)}, MutatorTargets.decode(method, result.reduced()));
    assertArrayEquals(MutatorTargets.encode(method, Map.of("k", 1001)), result.reduced());
  }

  @Test
  void aSetKeepsAsManyDistinctElementsAsTheFailureNeedsEachAsSmallAsItCanBe() {
    Method method = MutatorTargets.method("set");
    Random random = new Random(14);
    Set<Integer> xs = new LinkedHashSet<>();
    while (xs.size() < 40) {
      xs.add(random.nextInt(2_000_000) - 1_000_000);
    }
    xs.addAll(List.of(4_000, 777, 90_000));
    byte[] original = MutatorTargets.encode(method, xs);

    ReductionResult<byte[]> result = shrink(method, original);

    assertArrayEquals(
        new Object[] {new LinkedHashSet<>(List.of(51, 52, 53))},
        MutatorTargets.decode(method, result.reduced()));
  }

  @Test
  void aMapInsideAMapShrinksToo() {
    Method method = MutatorTargets.method("nestedMap");
    Map<String, Map<String, Integer>> m = new LinkedHashMap<>();
    m.put("outer-one", new LinkedHashMap<>(Map.of("alpha", 17, "beta", -9)));
    Map<String, Integer> inner = new LinkedHashMap<>();
    inner.put("gamma", 1 << 20);
    inner.put("x", 65_536);
    inner.put("delta", 3);
    m.put("outer-two", inner);
    byte[] original = MutatorTargets.encode(method, m);

    ReductionResult<byte[]> result = shrink(method, original);

    Map<String, Integer> shrunkInner = new LinkedHashMap<>();
    shrunkInner.put(null, null);
    shrunkInner.put("x", null);
    Map<String, Map<String, Integer>> expected = new LinkedHashMap<>();
    expected.put(null, shrunkInner);
    assertEquals(
        Arrays.asList(expected), Arrays.asList(MutatorTargets.decode(method, result.reduced())));
  }

  @Test
  void aRecordShrinksThroughItsCanonicalConstructor() {
    Method method = MutatorTargets.method("interval");
    byte[] original = MutatorTargets.encode(method, new Interval(-48_213, 90_117), true);

    ReductionResult<byte[]> result = shrink(method, original);

    // lo to 0 first (the record accepts it), then hi down to the first width above 10.
    assertArrayEquals(
        new Object[] {new Interval(0, 11), false}, MutatorTargets.decode(method, result.reduced()));
  }

  @Test
  void nullableValuesBecomeNullAndAnnotatedRangesShrinkToTheirBoundNearerToZero() {
    Method method = MutatorTargets.method("nullable");
    byte[] original = MutatorTargets.encode(method, "a string nobody needs", "xxabyy", 77_777, 17);

    ReductionResult<byte[]> result = shrink(method, original);

    // a and n are nullable: null; b is @NotNull: shortest string that still fails; k is
    // @InRange(min = 10, max = 20): 0 is out of range, 10 is the bound nearer to it.
    assertArrayEquals(
        new Object[] {null, "ab", null, 10}, MutatorTargets.decode(method, result.reduced()));
  }

  @Test
  void aListOfRecordsKeepsOneRecordAndAnArrayKeepsTheLengthItsAnnotationDemands() {
    Method method = MutatorTargets.method("bytesAndIntervals");
    Random random = new Random(13);
    List<Interval> intervals = new ArrayList<>();
    for (int i = 0; i < 25; i++) {
      int lo = random.nextInt(1_000);
      intervals.add(new Interval(lo, lo + random.nextInt(11)));
    }
    intervals.set(19, new Interval(-5_000, 5_000));
    byte[] data = new byte[48];
    Arrays.fill(data, (byte) 7);
    byte[] original = MutatorTargets.encode(method, data, intervals);

    ReductionResult<byte[]> result = shrink(method, original);

    Object[] values = MutatorTargets.decode(method, result.reduced());
    // @WithLength(min = 4): shorter arrays are not what the reader would read, so never asked.
    assertArrayEquals(new byte[] {7, 7, 7, 7}, (byte[]) values[0]);
    assertEquals(List.of(new Interval(0, 11)), values[1]);
  }

  @Test
  void withoutTheCanonicalGuardByteDeletionTradesValuesForBytes() {
    // What onlyCanonical is for: the reader pads with zeros, so deleting the three zero bytes of
    // x = 101 (00 00 00 65) reads 0x65000000, a shorter input with a larger value.
    Method method = MutatorTargets.method("stringAndInt");
    byte[] original = MutatorTargets.encode(method, "xxbugxx", 5_000);
    ReductionResult<byte[]> result =
        Whittle.reduce(SequenceInputs.bytes(original))
            .withPass(ValuePasses.forMutatorArguments(method))
            .withPassesFirst(true)
            .run(bytes -> MutatorTargets.run(method, bytes));

    Object[] values = MutatorTargets.decode(method, result.reduced());
    assertEquals("bug", values[0]);
    assertTrue((int) values[1] > 101, () -> Arrays.toString(values));
    assertTrue(result.reduced().length < MutatorTargets.encode(method, "bug", 101).length);
  }

  @Test
  void thePassAsksNothingLongerThanTheCurrentBytesAndReturnsThemWhenNothingIsBetter() {
    Method method = MutatorTargets.method("stringAndInt");
    byte[] minimal = MutatorTargets.encode(method, "bug", 101);
    List<byte[]> asked = new ArrayList<>();
    ContentTester<byte[]> tester =
        candidate -> {
          asked.add(candidate);
          return MutatorTargets.run(method, candidate).isInteresting();
        };

    byte[] result = ValuePasses.forMutatorArguments(method).reduce(minimal, tester);

    assertSame(minimal, result);
    assertTrue(!asked.isEmpty());
    for (byte[] candidate : asked) {
      assertTrue(candidate.length <= minimal.length);
      assertTrue(!Arrays.equals(candidate, minimal));
    }
  }

  @Test
  void thePassLeavesBytesThatDoNotDecodeAsTheyAre() {
    Method method = MutatorTargets.method("interval");
    byte[] invalid = {1, 0, 0, 0, 9, 0, 0, 0, 1, 1};
    byte[] result =
        ValuePasses.forMutatorArguments(method)
            .reduce(
                invalid,
                candidate -> {
                  throw new AssertionError("asked although the input does not decode");
                });
    assertSame(invalid, result);
  }

  @Test
  void withoutJazzerOnTheClassPathTheCodecSaysTheFrameworkIsUnavailable() {
    Method method = MutatorTargets.method("stringAndInt");
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> MutatorCodec.forMethod(method, ClassLoader.getPlatformClassLoader()));
    assertTrue(e.getMessage().contains("unavailable"), e::getMessage);
    assertTrue(e.getMessage().contains("com.code-intelligence:jazzer"), e::getMessage);
  }

  @Test
  void theFactoryRejectsMethodsWhoseParametersTheFrameworkCannotRead() {
    IllegalArgumentException none =
        assertThrows(
            IllegalArgumentException.class,
            () -> ValuePasses.forMutatorArguments(MutatorTargets.method("noParameters")));
    assertTrue(none.getMessage().contains("no parameters"), none::getMessage);
    IllegalArgumentException runnable =
        assertThrows(
            IllegalArgumentException.class,
            () -> ValuePasses.forMutatorArguments(MutatorTargets.method("unsupported")));
    assertTrue(runnable.getMessage().contains("unsupported"), runnable::getMessage);
  }
}
