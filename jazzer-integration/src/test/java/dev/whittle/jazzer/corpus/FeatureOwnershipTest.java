package dev.whittle.jazzer.corpus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class FeatureOwnershipTest {
  @Test
  void aSharedFeatureGoesToTheSmallestFileThatHasItAndEveryFeatureHasOneOwner() {
    List<long[]> features = List.of(new long[] {1, 2, 3}, new long[] {2, 3, 4}, new long[] {3, 5});
    long[] sizes = {30, 10, 20};

    List<long[]> owned = FeatureOwnership.owned(features, sizes);

    assertArrayEquals(new long[] {1}, owned.get(0));
    assertArrayEquals(new long[] {2, 3, 4}, owned.get(1));
    assertArrayEquals(new long[] {5}, owned.get(2));
  }

  @Test
  void onEqualSizesTheFirstFileOwnsAndAFileWhoseFeaturesAreAllOwnedElsewhereOwnsNothing() {
    List<long[]> features = List.of(new long[] {7, 8}, new long[] {7}, new long[] {8, 9});
    long[] sizes = {5, 5, 5};

    List<long[]> owned = FeatureOwnership.owned(features, sizes);

    assertArrayEquals(new long[] {7, 8}, owned.get(0));
    assertArrayEquals(new long[0], owned.get(1));
    assertArrayEquals(new long[] {9}, owned.get(2));
  }
}
