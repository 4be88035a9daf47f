package dev.whittle.engine.passes;

/** The one array operation the byte-level value reducers share. */
final class ByteArrays {
  private ByteArrays() {}

  /** A copy of {@code data} without the bytes from {@code from} (inclusive) to {@code to}. */
  static byte[] without(byte[] data, int from, int to) {
    byte[] out = new byte[data.length - (to - from)];
    System.arraycopy(data, 0, out, 0, from);
    System.arraycopy(data, to, out, from, data.length - to);
    return out;
  }
}
