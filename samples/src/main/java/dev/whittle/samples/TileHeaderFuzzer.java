package dev.whittle.samples;

import java.nio.ByteBuffer;

/**
 * Jazzer target over a tiled-image header: {@code TILE}, a big-endian tile count and tile edge
 * length, then the tiles' bytes. The reader trusts the header and allocates the whole pixel buffer
 * up front, as many image and archive readers do.
 *
 * <p>Short or malformed input is rejected with {@link IllegalArgumentException}, which is fine. The
 * bug Jazzer finds: a header that declares more tiles (or larger ones) than the heap holds makes
 * the allocation throw {@link OutOfMemoryError}, however short the file is.
 */
public final class TileHeaderFuzzer {
  private TileHeaderFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    try {
      decode(data);
    } catch (IllegalArgumentException e) {
      // Malformed input: rejected as designed.
    }
  }

  /** The tiles' pixels, one int per pixel, tile after tile. */
  static int[] decode(byte[] data) {
    if (data.length < 12 || data[0] != 'T' || data[1] != 'I' || data[2] != 'L' || data[3] != 'E') {
      throw new IllegalArgumentException("not a tile file");
    }
    ByteBuffer header = ByteBuffer.wrap(data, 4, 8);
    int tiles = header.getInt();
    int edge = header.getInt();
    if (tiles <= 0 || edge <= 0 || edge > 4096) {
      throw new IllegalArgumentException("bad header: " + tiles + " tiles of " + edge);
    }
    long pixels = (long) tiles * edge * edge;
    if (pixels > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("too many pixels: " + pixels);
    }
    int[] buffer = new int[(int) pixels];
    for (int i = 12; i < data.length && i - 12 < buffer.length; i++) {
      buffer[i - 12] = data[i] & 0xff;
    }
    return buffer;
  }
}
