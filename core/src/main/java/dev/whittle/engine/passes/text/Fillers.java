package dev.whittle.engine.passes.text;

import dev.whittle.engine.passes.ByteArrays;

/** What the filler passes ({@link FillRunPass}, {@link FillAllPass}) share. */
final class Fillers {
  private Fillers() {}

  /**
   * The least size of a text the filler passes take: on a small input the per-byte deletions are
   * cheap, and a filled run rarely says more than they do.
   */
  static final int MIN_SIZE = 512;

  /** The fillers tried, in order: a letter, a digit, a blank. */
  static final byte[] FILLERS = {'a', '0', ' '};

  /**
   * The filler {@code data} holds most of, the first on a tie: a pass only adds to it, so its next
   * turn fills with the same one and never trades one filler for another.
   */
  static byte dominant(byte[] data) {
    return ByteArrays.dominant(data, FILLERS);
  }
}
