package dev.whittle.samples;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A length/offset-indexed container: the magic {@code RPK1}, a 32-bit little-endian absolute offset
 * where the data area starts (which is where the directory ends), then the directory, one entry per
 * resource of two 32-bit little-endian fields, the resource's absolute offset and its length.
 * Resources may lie anywhere in the data area, in any order. The first byte of a resource is its
 * type.
 */
final class ResourcePack {
  static final byte[] MAGIC = {'R', 'P', 'K', '1'};
  static final int HEADER = 8;
  static final int ENTRY = 8;

  /** A malformed pack. */
  static final class FormatException extends Exception {
    private static final long serialVersionUID = 1L;

    FormatException(String message) {
      super(message);
    }
  }

  private ResourcePack() {}

  /** The resources, in directory order; the whole directory is checked first. */
  static List<byte[]> read(byte[] data) throws FormatException {
    if (data.length < HEADER || !Arrays.equals(data, 0, 4, MAGIC, 0, 4)) {
      throw new FormatException("not a resource pack");
    }
    ByteBuffer in = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
    long dataStart = in.getInt(4) & 0xFFFF_FFFFL;
    if (dataStart < HEADER || dataStart > data.length || (dataStart - HEADER) % ENTRY != 0) {
      throw new FormatException("bad data offset " + dataStart);
    }
    List<byte[]> resources = new ArrayList<>();
    for (int at = HEADER; at < dataStart; at += ENTRY) {
      long offset = in.getInt(at) & 0xFFFF_FFFFL;
      long length = in.getInt(at + 4) & 0xFFFF_FFFFL;
      if (offset < dataStart || offset + length > data.length || length == 0) {
        throw new FormatException("bad directory entry at " + at);
      }
      resources.add(Arrays.copyOfRange(data, (int) offset, (int) (offset + length)));
    }
    return resources;
  }
}
