package dev.whittle.engine.passes.bytes;

import dev.whittle.api.ContentTester;
import dev.whittle.api.Pass;
import dev.whittle.engine.passes.ByteArrays;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Deletes whole blocks at absolute, block-aligned positions: a TAR entry (header and data blocks of
 * 512 bytes), a sector, a record of a fixed-size table. Deletion at arbitrary positions breaks such
 * inputs, since everything after the cut moves off its block boundary; the algorithm's chunks line
 * up with the blocks only by accident.
 *
 * <p>Block sizes, largest first: 512, the powers of two and the divisors of the input's length,
 * each at least {@link #MIN_BLOCK} and at most half the input, at most {@link #MAX_SIZES} of them.
 * At each aligned position it deletes one block, or for blocks of 256 bytes and more runs of 1 to
 * {@link #MAX_RUN} blocks (a TAR entry is a header and its data blocks), longest first; after a
 * deletion it tries the same position again. About {@code length / size} questions per block size
 * ({@code MAX_RUN} times that for the large ones), so inputs below {@code 2 * MIN_BLOCK} bytes cost
 * nothing; and none on inputs that do not {@linkplain ByteArrays#looksBinary look binary}.
 */
final class BlockDeletionPass implements Pass<byte[]> {
  static final int MIN_BLOCK = 32;
  static final int MAX_SIZES = 8;
  static final int MAX_RUN = 4;

  @Override
  public String name() {
    return "blocks";
  }

  /** Questions allowed for one call on an input of {@code size} bytes. */
  static long questionLimit(int size) {
    return 1_000L + size;
  }

  /** The block sizes tried on an input of {@code length} bytes, largest first. */
  static List<Integer> blockSizes(int length) {
    TreeSet<Integer> sizes = new TreeSet<>();
    if (512 <= length / 2) {
      sizes.add(512);
    }
    for (int size = MIN_BLOCK; size <= length / 2; size *= 2) {
      sizes.add(size);
    }
    for (int size = MIN_BLOCK; size <= length / 2; size++) {
      if (length % size == 0) {
        sizes.add(size);
      }
    }
    List<Integer> largestFirst = new ArrayList<>(sizes.descendingSet());
    // 512 is the one size formats use most (TAR, sectors): keep it whatever else is cut off.
    List<Integer> chosen = new ArrayList<>();
    if (sizes.contains(512)) {
      chosen.add(512);
    }
    for (int size : largestFirst) {
      if (chosen.size() >= MAX_SIZES) {
        break;
      }
      if (size != 512) {
        chosen.add(size);
      }
    }
    chosen.sort((a, b) -> Integer.compare(b, a));
    return chosen;
  }

  @Override
  public byte[] reduce(byte[] current, ContentTester<byte[]> tester) {
    if (!ByteArrays.looksBinary(current)) {
      return current; // text has lines, which the line-run pass deletes
    }
    byte[] best = current;
    long questionsLeft = questionLimit(current.length);
    for (int size : blockSizes(current.length)) {
      int at = 0;
      while (at + size <= best.length && questionsLeft > 0) {
        boolean deleted = false;
        int runs = Math.min(size >= 256 ? MAX_RUN : 1, (best.length - at) / size);
        for (int run = runs; run >= 1 && questionsLeft > 0 && !deleted; run--) {
          if (at == 0 && run * size == best.length) {
            continue; // the empty input: the algorithm asks that one
          }
          questionsLeft--;
          byte[] candidate = ByteArrays.without(best, at, at + run * size);
          if (tester.isInteresting(candidate)) {
            best = candidate;
            deleted = true;
          }
        }
        if (!deleted) {
          at += size;
        }
      }
    }
    return best;
  }
}
