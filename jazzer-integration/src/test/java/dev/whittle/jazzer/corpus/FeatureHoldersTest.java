package dev.whittle.jazzer.corpus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class FeatureHoldersTest {
  private static final long[] UNIVERSE = {1, 2, 3, 4, 5};

  @Test
  void theFeaturesNoOtherSetHoldsAreAnInputsOwn() {
    long[] a = {1, 2, 3};
    long[] b = {2, 4};
    FeatureHolders holders = new FeatureHolders(UNIVERSE, List.of(a, b, new long[] {3}));

    assertArrayEquals(new long[] {1}, holders.heldOnlyBy(a));
    assertArrayEquals(new long[] {4}, holders.heldOnlyBy(b));
  }

  @Test
  void aReplacedOrDroppedSetCountsAsItIsNow() {
    long[] a = {1, 2, 3};
    long[] b = {2, 4};
    FeatureHolders holders = new FeatureHolders(UNIVERSE, List.of(a, b));

    long[] shrunk = {2, 5};
    holders.replace(b, shrunk); // 4 is gone, 5 is new: a alone holds 1 and 3 now
    assertArrayEquals(new long[] {1, 3}, holders.heldOnlyBy(a));
    assertArrayEquals(new long[] {5}, holders.heldOnlyBy(shrunk));

    holders.replace(shrunk, null); // b dropped: a alone holds 2 too
    assertArrayEquals(new long[] {1, 2, 3}, holders.heldOnlyBy(a));
  }

  @Test
  void aFeatureOutsideTheUniverseIsRejectedNamingIt() {
    long[] odd = {1, 9};
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> new FeatureHolders(UNIVERSE, List.of(odd)));
    assertTrue(e.getMessage().contains("feature 9"), e.getMessage());
  }
}
