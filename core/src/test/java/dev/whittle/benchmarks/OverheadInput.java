package dev.whittle.benchmarks;

import dev.whittle.api.Oracle;
import dev.whittle.api.Outcome;
import java.util.Arrays;
import java.util.Random;

/**
 * The engine-overhead input: {@code size} bytes of which {@code important} lie in {@code clusters}
 * contiguous runs at random (seeded) positions. Junk bytes are drawn from 0..127 and important
 * bytes from 128..255, so an oracle can recognise the important ones by value alone.
 */
record OverheadInput(byte[] data, int important, int[] clusterStarts, int[] clusterLengths) {

  static OverheadInput generate(int size, int important, int clusters, long seed) {
    if (important > size || clusters < 1 || clusters > Math.max(1, important)) {
      throw new IllegalArgumentException(
          "need 1 <= clusters <= important <= size, got clusters="
              + clusters
              + ", important="
              + important
              + ", size="
              + size);
    }
    Random random = new Random(seed);
    int junk = size - important;
    // Junk before each cluster: sorted cut points in [0, junk], so clusters never overlap.
    int[] cuts = new int[clusters];
    for (int c = 0; c < clusters; c++) {
      cuts[c] = random.nextInt(junk + 1);
    }
    Arrays.sort(cuts);
    int[] starts = new int[clusters];
    int[] lengths = new int[clusters];
    int placed = 0;
    for (int c = 0; c < clusters; c++) {
      lengths[c] = important / clusters + (c < important % clusters ? 1 : 0);
      starts[c] = cuts[c] + placed;
      placed += lengths[c];
    }
    byte[] data = new byte[size];
    for (int i = 0; i < size; i++) {
      data[i] = (byte) random.nextInt(128);
    }
    for (int c = 0; c < clusters; c++) {
      for (int i = starts[c]; i < starts[c] + lengths[c]; i++) {
        data[i] = (byte) (128 + random.nextInt(128));
      }
    }
    return new OverheadInput(data, important, starts, lengths);
  }

  /** Number of bytes in 128..255, the important ones. */
  static int countHigh(byte[] candidate) {
    // Eight bytes at a time: the oracle should cost memory bandwidth only, so that the benchmark
    // measures the engine. The high bit of each byte marks an important one.
    int count = 0;
    int i = 0;
    for (; i + Long.BYTES <= candidate.length; i += Long.BYTES) {
      long word = (long) LONGS.get(candidate, i);
      count += Long.bitCount(word & 0x8080808080808080L);
    }
    for (; i < candidate.length; i++) {
      count += (candidate[i] >>> 7) & 1;
    }
    return count;
  }

  private static final java.lang.invoke.VarHandle LONGS =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
          long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

  /**
   * Interesting iff the candidate keeps every important byte; since candidates are subsequences of
   * the original, counting the bytes in 128..255 in one pass decides it.
   */
  Oracle<byte[]> oracle() {
    return candidate ->
        countHigh(candidate) == important ? Outcome.INTERESTING : Outcome.NOT_INTERESTING;
  }
}
