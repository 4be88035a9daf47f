package dev.whittle.jazzer.values;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.Whittle;
import java.lang.reflect.Method;
import java.util.List;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

/**
 * The order on decoded arguments, and the sweep reaching the smallest call in it where bytes alone
 * cannot tell: the same length for (11, 7) as for (127, 130), values that must move together.
 */
class ValueOrderTest {
  private static Object[] shrink(Method method, Object... arguments) {
    byte[] original = MutatorTargets.encode(method, arguments);
    ReductionResult<byte[]> result =
        Whittle.reduce(SequenceInputs.bytes(original))
            .withPass(ValuePasses.forMutatorArguments(method))
            .withPassesFirst(true)
            .run(
                MutatorArguments.onlyCanonical(
                    method, original, bytes -> MutatorTargets.run(method, bytes)));
    return MutatorTargets.decode(method, result.reduced());
  }

  @Test
  void fewerValuesThenShallowerThenEachNumberNearerToZeroNonNegativeFirst() {
    assertTrue(ValueOrder.compare(new Object[] {11, 7}, new Object[] {127, 130}) < 0);
    assertTrue(ValueOrder.compare(new Object[] {1}, new Object[] {-1}) < 0);
    assertTrue(
        ValueOrder.compare(new Object[] {Integer.MAX_VALUE}, new Object[] {Integer.MIN_VALUE}) < 0);
    assertTrue(ValueOrder.compare(new Object[] {List.of(0, 5)}, new Object[] {List.of(5, 0)}) < 0);
    assertTrue(
        ValueOrder.compare(
                new Object[] {List.of(List.of(1, 2))},
                new Object[] {List.of(List.of(1), List.of(2))})
            < 0);
    assertTrue(
        ValueOrder.compare(
                new Object[] {List.of(), List.of(9)}, new Object[] {List.of(9), List.of()})
            < 0);
    assertTrue(ValueOrder.compare(new Object[] {null}, new Object[] {List.of()}) < 0);
    assertTrue(ValueOrder.compare(new Object[] {"b"}, new Object[] {"aa"}) < 0);
  }

  @Test
  void equalValuesAreLoweredTogether() {
    assertArrayEquals(
        new Object[] {10, 10}, shrink(MutatorTargets.method("sameAboveTen"), 514, 514));
    assertArrayEquals(
        new Object[] {List.of(0, 0), 0},
        shrink(
            MutatorTargets.method("duplicate"),
            List.of(7, -3, 1_000_003, 4, 1_000_003),
            1_000_003));
  }

  @Test
  void twoValuesOneApartMoveByTheSameDelta() {
    assertArrayEquals(
        new Object[] {10, 9}, shrink(MutatorTargets.method("offByOneAboveTen"), 127_001, 127_002));
  }

  @Disabled("the first list ends at [-16384], not empty: this small input's allowance")
  @Test
  void aValueMovesToALaterParameterAndTwoValuesKeepTheirSumWhileOneGoesToZero() {
    assertArrayEquals(
        new Object[] {List.of(), List.of((short) -1, (short) -32768)},
        shrink(
            MutatorTargets.method("overflowingPair"),
            List.of((short) -20000, (short) 5),
            List.of((short) -20000, (short) 7)));
  }

  @Test
  void anElementMovesEarlierWhereThatMakesTheCallSmaller() {
    assertArrayEquals(
        new Object[] {List.of(0, 1)}, shrink(MutatorTargets.method("palindrome"), List.of(5, 0)));
  }

  @Test
  void innerListsMergeIntoOneAndItsElementsGoToTheirCanonicalValues() {
    assertArrayEquals(
        new Object[] {List.of(List.of(0, 1, -1, 2, -2))},
        shrink(
            MutatorTargets.method("fiveDistinct"),
            List.of(List.of(-7, 300), List.of(), List.of(12, 12, -40_000), List.of(6, 99))));
  }
}
