package dev.whittle.jazzer.fdp;

import java.util.ArrayList;
import java.util.List;

/**
 * The bytes one call needs: bytes for the front of the input, and integers it reads from the end,
 * in the order it reads them.
 */
record EncodedCall(byte[] front, List<EndRead> endReads) {
  /** One integer read from the end: {@code bytes} bytes, most significant first. */
  record EndRead(long raw, int bytes) {}

  static EncodedCall ofFront(byte[] front) {
    return new EncodedCall(front, List.of());
  }

  static EncodedCall ofEnd(EndRead... endReads) {
    return new EncodedCall(new byte[0], List.of(endReads));
  }

  /**
   * The same call with the fewest end bytes, valid only when nothing after it reads any bytes: a
   * read that finds the input empty yields 0, so trailing zero reads can go, and the last read
   * needs only the bytes its value occupies.
   */
  EncodedCall withShortestEnd() {
    List<EndRead> reads = new ArrayList<>(endReads);
    while (!reads.isEmpty() && reads.get(reads.size() - 1).raw() == 0) {
      reads.remove(reads.size() - 1);
    }
    if (!reads.isEmpty()) {
      long raw = reads.get(reads.size() - 1).raw();
      int occupied = (Long.SIZE - Long.numberOfLeadingZeros(raw) + Byte.SIZE - 1) / Byte.SIZE;
      reads.set(reads.size() - 1, new EndRead(raw, occupied));
    }
    return new EncodedCall(front, List.copyOf(reads));
  }
}
