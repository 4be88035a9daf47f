package dev.whittle.jazzer.bytecode.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class PackedFeaturesTest {
  @Test
  void everySortedSetComesBackAsItWas() {
    Random random = new Random(7);
    for (int round = 0; round < 500; round++) {
      TreeSet<Long> set = new TreeSet<>();
      int size = random.nextInt(200);
      for (int i = 0; i < size; i++) {
        set.add(round % 3 == 0 ? random.nextLong() : (long) random.nextInt(1 << 20) << 3);
      }
      long[] sorted = set.stream().mapToLong(Long::longValue).toArray();

      PackedFeatures packed = PackedFeatures.of(sorted);

      assertArrayEquals(sorted, packed.toArray());
      assertEquals(sorted.length, packed.size());
    }
  }

  @Test
  void theExtremesOfLongSurviveTheGapBetweenThem() {
    long[] sorted = {Long.MIN_VALUE, -1, 0, 1, Long.MAX_VALUE};
    assertArrayEquals(sorted, PackedFeatures.of(sorted).toArray());
    assertEquals(0, PackedFeatures.of(new long[0]).toArray().length);
  }

  @Test
  void featuresOfOneClassTakeAboutAByteEach() {
    long[] sorted = new long[1000];
    for (int probe = 0; probe < sorted.length; probe++) {
      sorted[probe] = Features.feature(42, probe * 3, probe % 8);
    }
    PackedFeatures packed = PackedFeatures.of(sorted);
    assertTrue(packed.packedBytes() < 2 * sorted.length, packed.packedBytes() + " bytes");
  }

  @Test
  void setsAreEqualWhenTheirValuesAre() {
    assertEquals(PackedFeatures.of(new long[] {3, 9}), PackedFeatures.of(new long[] {3, 9}));
    assertEquals(
        PackedFeatures.of(new long[] {3, 9}).hashCode(),
        PackedFeatures.of(new long[] {3, 9}).hashCode());
    assertNotEquals(PackedFeatures.of(new long[] {3, 9}), PackedFeatures.of(new long[] {3, 10}));
  }

  @Test
  void aSetThatIsNotStrictlyAscendingIsRefusedWithWhereItIsNot() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> PackedFeatures.of(new long[] {1, 5, 5}));
    assertEquals("not strictly ascending at index 2: 5 after 5", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> PackedFeatures.of(new long[] {4, 2}));
  }
}
