package dev.whittle.jazzer.targets;

/**
 * A corpus target whose inputs have a floor, as TAR files have their 512-byte block: an input
 * shorter than {@link #BLOCK} bytes takes a branch of its own, so a file that must not show new
 * coverage cannot get below the block; within a block the first byte picks a branch.
 */
public final class BlockCorpusTarget {
  public static final int BLOCK = 8;

  private BlockCorpusTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {
    if (data.length < BLOCK) {
      tooShort();
      return;
    }
    switch (data[0]) {
      case 'a':
        alpha();
        return;
      case 'b':
        beta();
        return;
      default:
        other();
    }
  }

  private static void tooShort() {}

  private static void alpha() {}

  private static void beta() {}

  private static void other() {}
}
