package dev.whittle.jazzer.targets;

/**
 * A corpus shrinking's target with length-prefixed chunks, as PNG-like formats have: {@code CHNK},
 * then chunks of a 32-bit big-endian length, a 4-byte type and that many bytes. A {@code HEAD}
 * chunk of 8 bytes with two nonzero 32-bit values MUST come first; a {@code note} chunk holds a key
 * up to a 0 byte, then a value nobody reads. Deleting bytes alone cannot shrink a chunk (its length
 * field breaks); only the length-field pass can.
 */
public final class ChunkCorpusTarget {
  private ChunkCorpusTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {
    if (data.length < 4 || data[0] != 'C' || data[1] != 'H' || data[2] != 'N' || data[3] != 'K') {
      return;
    }
    int pos = 4;
    boolean head = false;
    while (data.length - pos >= 8) {
      long length = u32(data, pos);
      String type = new String(data, pos + 4, 4, java.nio.charset.StandardCharsets.ISO_8859_1);
      pos += 8;
      if (length > data.length - pos) {
        return;
      }
      int start = pos;
      int end = pos + (int) length;
      pos = end;
      if (type.equals("HEAD")) {
        if (head || length != 8 || u32(data, start) == 0 || u32(data, start + 4) == 0) {
          return;
        }
        head = true;
      } else if (type.equals("note")) {
        if (!head) {
          return;
        }
        int zero = start;
        while (zero < end && data[zero] != 0) {
          zero++;
        }
        if (zero == start || zero == end) {
          return;
        }
        note();
      } else {
        return;
      }
    }
  }

  private static long u32(byte[] data, int at) {
    return (long) (data[at] & 0xFF) << 24
        | (data[at + 1] & 0xFF) << 16
        | (data[at + 2] & 0xFF) << 8
        | (data[at + 3] & 0xFF);
  }

  private static void note() {}
}
