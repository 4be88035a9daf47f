package dev.whittle.jazzer.targets;

import static java.nio.charset.StandardCharsets.ISO_8859_1;

/** Helpers the targets share; loaded child-first with them, so it holds no state. */
final class Bytes {
  private Bytes() {}

  static boolean contains(byte[] data, String needle) {
    return new String(data, ISO_8859_1).contains(needle);
  }
}
