package dev.whittle.engine.passes.text;

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
}
