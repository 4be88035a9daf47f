package dev.whittle.jazzer.corpus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.whittle.jazzer.corpus.CorpusSelection.Selection;
import dev.whittle.jazzer.corpus.CorpusSelection.Strategy;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class CorpusSelectionTest {
  @Test
  void greedyTakesTheInputWithMostNewFeaturesFirstAndDropsWhatTheOthersCover() {
    // A is chosen first (4 new), then B and C; then A is redundant: B and C have all of it.
    List<long[]> features = List.of(set(1, 2, 3, 4), set(1, 2, 5), set(3, 4, 6));
    long[] sizes = {10, 1, 1};

    Selection greedy = CorpusSelection.greedySetCover(features, sizes);

    assertEquals(List.of(1, 2), greedy.chosen());
    assertEquals(2, greedy.bytes());
    assertEquals(Strategy.GREEDY_SET_COVER, greedy.strategy());
  }

  @Test
  void theUnionIsSortedAndHasEachFeatureOnce() {
    assertArrayEquals(
        set(-3, 1, 2, 5, 9),
        CorpusSelection.union(List.of(set(1, 2, 9), set(), set(-3, 2, 5, 9), set(1))));
    assertArrayEquals(set(), CorpusSelection.union(List.of()));
  }

  @Test
  void greedyBreaksTiesToTheSmallerInputThenTheEarlier() {
    List<long[]> features = List.of(set(1, 2), set(1, 2), set(1, 2), set(3));
    assertEquals(
        List.of(1, 3), CorpusSelection.greedySetCover(features, new long[] {5, 3, 3, 1}).chosen());
  }

  @Test
  void aflCminTakesTheRarestFeatureFirstWithItsSmallestInput() {
    // Rarest: 6 (only D). Then 1..5, each in A and in a one-byte input: afl-cmin takes the five
    // small ones (6 inputs, 6 bytes), greedy takes A and D (2 inputs, 6 bytes): the better wins.
    List<long[]> features =
        List.of(set(1, 2, 3, 4, 5), set(1), set(2), set(3), set(4), set(5), set(6));
    long[] sizes = {5, 1, 1, 1, 1, 1, 1};

    Selection afl = CorpusSelection.aflCminOrder(features, sizes);
    Selection greedy = CorpusSelection.greedySetCover(features, sizes);
    Selection best = CorpusSelection.best(features, sizes);

    assertEquals(List.of(1, 2, 3, 4, 5, 6), afl.chosen());
    assertEquals(List.of(0, 6), greedy.chosen());
    assertEquals(greedy, best);
  }

  @Test
  void whereAflCminFindsFewerBytesItIsKept() {
    // Greedy takes A first (3 new features), then C for 4; A still has 1 and 2 alone: 101 bytes.
    // afl-cmin: 4 is rarest (C only), then 1 goes to the smaller of A and B, which has 2 as well.
    List<long[]> features = List.of(set(1, 2, 3), set(1, 2), set(3, 4));
    long[] sizes = {100, 1, 1};

    Selection greedy = CorpusSelection.greedySetCover(features, sizes);
    Selection best = CorpusSelection.best(features, sizes);

    assertEquals(List.of(0, 2), greedy.chosen());
    assertEquals(101, greedy.bytes());
    assertEquals(List.of(1, 2), best.chosen());
    assertEquals(Strategy.AFL_CMIN_ORDER, best.strategy());
    assertEquals(2, best.bytes());
  }

  @Test
  void inputsWithoutFeaturesAreNeverChosenAndNothingGivesNothing() {
    assertEquals(
        List.of(1),
        CorpusSelection.best(List.of(set(), set(7), set()), new long[] {1, 1, 1}).chosen());
    assertEquals(List.of(), CorpusSelection.best(List.of(), new long[0]).chosen());
  }

  @Test
  void everySelectionKeepsTheUnionOfARandomCorpus() {
    Random random = new Random(11);
    for (int round = 0; round < 200; round++) {
      int inputs = 1 + random.nextInt(30);
      List<long[]> features = new ArrayList<>();
      long[] sizes = new long[inputs];
      for (int i = 0; i < inputs; i++) {
        features.add(random.longs(random.nextInt(8), 0, 40).sorted().distinct().toArray());
        sizes[i] = 1 + random.nextInt(100);
      }
      for (Selection selection :
          List.of(
              CorpusSelection.greedySetCover(features, sizes),
              CorpusSelection.aflCminOrder(features, sizes))) {
        List<long[]> chosen = new ArrayList<>();
        for (int i : selection.chosen()) {
          chosen.add(features.get(i));
        }
        assertArrayEquals(CorpusSelection.union(features), CorpusSelection.union(chosen));
        // No chosen input is redundant.
        for (int i : selection.chosen()) {
          List<long[]> others = new ArrayList<>();
          for (int j : selection.chosen()) {
            if (j != i) {
              others.add(features.get(j));
            }
          }
          assertEquals(
              false,
              java.util.Arrays.stream(features.get(i))
                  .allMatch(
                      f -> java.util.Arrays.binarySearch(CorpusSelection.union(others), f) >= 0),
              "input " + i + " is redundant in round " + round);
        }
      }
    }
  }

  @Test
  void aUnionOfMoreFeaturesThanOneBatchHoldsEachOnce() {
    Random random = new Random(3);
    List<long[]> features = new ArrayList<>();
    TreeSet<Long> expected = new TreeSet<>();
    for (int input = 0; input < 3000; input++) {
      TreeSet<Long> own = new TreeSet<>();
      for (int i = 0; i < 60; i++) {
        own.add((long) random.nextInt(50_000) - 1000);
      }
      expected.addAll(own);
      features.add(own.stream().mapToLong(Long::longValue).toArray());
    }

    assertArrayEquals(
        expected.stream().mapToLong(Long::longValue).toArray(), CorpusSelection.union(features));
  }

  @Test
  void ofInputsWithTheSameFeaturesEitherWayChoosesTheSmallestThenTheEarliest() {
    List<long[]> features = List.of(set(1, 2), set(3), set(1, 2), set(1, 2), set(3), set(1, 2));
    long[] sizes = {4, 2, 3, 3, 1, 9};

    assertEquals(List.of(2, 4), CorpusSelection.greedySetCover(features, sizes).chosen());
    assertEquals(List.of(2, 4), CorpusSelection.aflCminOrder(features, sizes).chosen());
  }

  @Test
  void copiesOfInputsThatAreNoSmallerChangeNoSelection() {
    Random random = new Random(11);
    for (int round = 0; round < 50; round++) {
      List<long[]> features = new ArrayList<>();
      List<Long> sizes = new ArrayList<>();
      for (int input = 0; input < 20; input++) {
        TreeSet<Long> own = new TreeSet<>();
        for (int i = random.nextInt(6); i > 0; i--) {
          own.add((long) random.nextInt(30));
        }
        features.add(own.stream().mapToLong(Long::longValue).toArray());
        sizes.add(1L + random.nextInt(50));
      }
      Selection alone = CorpusSelection.best(features, toArray(sizes));
      List<long[]> withCopies = new ArrayList<>(features);
      List<Long> copySizes = new ArrayList<>(sizes);
      for (int input = 0; input < 20; input++) {
        int original = random.nextInt(20);
        withCopies.add(features.get(original).clone());
        copySizes.add(sizes.get(original) + random.nextInt(3));
      }

      assertEquals(alone, CorpusSelection.best(withCopies, toArray(copySizes)));
    }
  }

  private static long[] toArray(List<Long> values) {
    return values.stream().mapToLong(Long::longValue).toArray();
  }

  private static long[] set(long... features) {
    return features;
  }
}
