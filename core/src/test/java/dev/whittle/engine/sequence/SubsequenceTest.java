package dev.whittle.engine.sequence;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SubsequenceTest {
  @Test
  void fullOfZeroIsEmptyWithNoRanges() {
    Subsequence empty = Subsequence.full(0);
    assertTrue(empty.isEmpty());
    assertEquals(0, empty.rangeCount());
    assertArrayEquals(new int[0], empty.toIndices());
  }

  @Test
  void fullRejectsNegativeLength() {
    assertThrows(IllegalArgumentException.class, () -> Subsequence.full(-1));
  }

  @Test
  void ofIndicesMergesAdjacentIndicesIntoOneRange() {
    Subsequence kept = Subsequence.ofIndices(2, 3, 4, 7, 9, 10);
    assertEquals(3, kept.rangeCount());
    assertRanges(kept, 2, 5, 7, 8, 9, 11);
    assertEquals(6, kept.size());
  }

  @Test
  void ofIndicesOfNothingEqualsFullOfZero() {
    assertEquals(Subsequence.full(0), Subsequence.ofIndices());
  }

  @Test
  void ofIndicesRejectsRepeatedDecreasingAndNegativeIndices() {
    assertThrows(IllegalArgumentException.class, () -> Subsequence.ofIndices(1, 1));
    assertThrows(IllegalArgumentException.class, () -> Subsequence.ofIndices(3, 2));
    assertThrows(IllegalArgumentException.class, () -> Subsequence.ofIndices(-1, 2));
  }

  @Test
  void originalIndexMapsPositionsAcrossRanges() {
    Subsequence kept = Subsequence.ofIndices(2, 3, 7, 9, 10);
    assertArrayEquals(
        new int[] {2, 3, 7, 9, 10},
        new int[] {
          kept.originalIndex(0),
          kept.originalIndex(1),
          kept.originalIndex(2),
          kept.originalIndex(3),
          kept.originalIndex(4)
        });
  }

  @Test
  void originalIndexRejectsPositionsOutsideTheCandidate() {
    Subsequence kept = Subsequence.ofIndices(2, 3);
    assertThrows(IndexOutOfBoundsException.class, () -> kept.originalIndex(2));
    assertThrows(IndexOutOfBoundsException.class, () -> kept.originalIndex(-1));
    assertThrows(IndexOutOfBoundsException.class, () -> Subsequence.full(0).originalIndex(0));
  }

  @Test
  void withoutNothingReturnsTheSameCandidate() {
    Subsequence kept = Subsequence.ofIndices(1, 2, 5);
    assertSame(kept, kept.without(1, 1));
  }

  @Test
  void withoutInsideOneRangeSplitsIt() {
    Subsequence cut = Subsequence.full(10).without(3, 6);
    assertRanges(cut, 0, 3, 6, 10);
  }

  @Test
  void withoutSpanningRangesDropsWholeRangesAndTrimsTheEnds() {
    Subsequence kept = Subsequence.ofIndices(0, 1, 2, 5, 6, 9, 10, 11);
    // positions 2..6 hold original indices 2, 5, 6, 9
    assertRanges(kept.without(2, 6), 0, 2, 10, 12);
  }

  @Test
  void withoutOnRangeBoundariesLeavesNoEmptyRange() {
    Subsequence kept = Subsequence.ofIndices(0, 1, 5, 6, 9);
    assertRanges(kept.without(2, 4), 0, 2, 9, 10);
    assertRanges(kept.without(0, 2), 5, 7, 9, 10);
    assertRanges(kept.without(4, 5), 0, 2, 5, 7);
  }

  @Test
  void withoutEverythingIsEmpty() {
    Subsequence kept = Subsequence.ofIndices(0, 4, 8);
    assertEquals(Subsequence.full(0), kept.without(0, 3));
  }

  @Test
  void withoutRejectsBadPositions() {
    Subsequence kept = Subsequence.full(4);
    assertThrows(IndexOutOfBoundsException.class, () -> kept.without(3, 5));
    assertThrows(IndexOutOfBoundsException.class, () -> kept.without(3, 2));
    assertThrows(IndexOutOfBoundsException.class, () -> kept.without(-1, 2));
  }

  @Test
  void sliceKeepsOnlyThePositionsAskedFor() {
    Subsequence kept = Subsequence.ofIndices(0, 1, 2, 5, 6, 9);
    assertRanges(kept.slice(1, 5), 1, 3, 5, 7);
    assertRanges(kept.slice(5, 6), 9, 10);
    assertEquals(kept, kept.slice(0, kept.size()));
  }

  @Test
  void emptySliceIsEmpty() {
    assertTrue(Subsequence.full(5).slice(2, 2).isEmpty());
    assertTrue(Subsequence.full(0).slice(0, 0).isEmpty());
  }

  @Test
  void sliceRejectsBadPositions() {
    assertThrows(IndexOutOfBoundsException.class, () -> Subsequence.full(3).slice(1, 4));
  }

  @Test
  void concatOfTouchingPartsMergesTheirRanges() {
    Subsequence left = Subsequence.full(10).slice(0, 4);
    Subsequence right = Subsequence.full(10).slice(4, 10);
    Subsequence joined = left.concat(right);
    assertEquals(Subsequence.full(10), joined);
    assertEquals(1, joined.rangeCount());
  }

  @Test
  void concatOfSeparatePartsKeepsTheGap() {
    Subsequence joined = Subsequence.ofIndices(0, 1).concat(Subsequence.ofIndices(5, 7));
    assertRanges(joined, 0, 2, 5, 6, 7, 8);
  }

  @Test
  void concatWithEmptyReturnsTheOtherSide() {
    Subsequence kept = Subsequence.ofIndices(3, 4);
    assertSame(kept, kept.concat(Subsequence.full(0)));
    assertSame(kept, Subsequence.full(0).concat(kept));
  }

  @Test
  void concatRejectsPartsOutOfOrder() {
    Subsequence early = Subsequence.ofIndices(1, 2);
    Subsequence late = Subsequence.ofIndices(2, 3);
    assertThrows(IllegalArgumentException.class, () -> early.concat(late));
    assertThrows(IllegalArgumentException.class, () -> late.concat(early));
  }

  @Test
  void equalCandidatesHashAlikeAndDifferentOnesDiffer() {
    Subsequence viaIndices = Subsequence.ofIndices(0, 1, 2, 3);
    assertEquals(Subsequence.full(4), viaIndices);
    assertEquals(Subsequence.full(4).hashCode(), viaIndices.hashCode());
    assertNotEquals(Subsequence.full(4), Subsequence.ofIndices(0, 1, 2, 4));
  }

  /** Random chains of operations agree with the same operations on a plain list of indices. */
  @Test
  void operationsAgreeWithAListModel() {
    Random random = new Random(20240917L);
    for (int round = 0; round < 300; round++) {
      int length = random.nextInt(40);
      Subsequence kept = Subsequence.full(length);
      List<Integer> model = range(length);
      for (int step = 0; step < 6 && !model.isEmpty(); step++) {
        int from = random.nextInt(model.size() + 1);
        int to = from + random.nextInt(model.size() - from + 1);
        if (random.nextBoolean()) {
          kept = kept.without(from, to);
          model.subList(from, to).clear();
        } else {
          kept = kept.slice(from, to);
          model = new ArrayList<>(model.subList(from, to));
        }
        assertArrayEquals(toArray(model), kept.toIndices(), "after step " + step);
        assertEquals(model.size(), kept.size());
        for (int p = 0; p < model.size(); p++) {
          assertEquals(model.get(p), kept.originalIndex(p));
        }
        int split = random.nextInt(kept.size() + 1);
        assertEquals(kept, kept.slice(0, split).concat(kept.slice(split, kept.size())));
      }
    }
  }

  private static void assertRanges(Subsequence kept, int... startEndPairs) {
    int[] actual = new int[kept.rangeCount() * 2];
    for (int k = 0; k < kept.rangeCount(); k++) {
      actual[2 * k] = kept.start(k);
      actual[2 * k + 1] = kept.end(k);
    }
    assertArrayEquals(startEndPairs, actual, kept.toString());
  }

  private static List<Integer> range(int length) {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < length; i++) {
      out.add(i);
    }
    return out;
  }

  private static int[] toArray(List<Integer> values) {
    return values.stream().mapToInt(Integer::intValue).toArray();
  }
}
