package dev.whittle.samples;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Jazzer target over {@link ResourcePack}: loads a UI resource pack and rasterises its glyphs, as a
 * small embedded UI toolkit would at start-up. Resources are typed by their first byte: {@code T} a
 * UTF-8 text, {@code G} a glyph (width, height, then one byte per pixel, row by row); other types
 * are skipped.
 *
 * <p>Malformed packs are rejected with {@link ResourcePack.FormatException}. The bug Jazzer finds:
 * a glyph's size is checked against the 32x32 limit but not against the bytes it really has, so a
 * width or height larger than its bitmap throws {@link ArrayIndexOutOfBoundsException}.
 */
public final class ResourcePackFuzzer {
  static final int MAX_GLYPH = 32;

  private ResourcePackFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    List<byte[]> resources;
    try {
      resources = ResourcePack.read(data);
    } catch (ResourcePack.FormatException e) {
      return;
    }
    int inked = 0;
    for (byte[] resource : resources) {
      switch (resource[0]) {
        case 'T' ->
            inked += new String(resource, 1, resource.length - 1, StandardCharsets.UTF_8).length();
        case 'G' -> inked += rasterise(resource);
        default -> {}
      }
    }
    if (inked < 0) {
      throw new IllegalStateException("unreachable");
    }
  }

  /** The number of inked pixels of a glyph, or 0 for one over the size limit. */
  static int rasterise(byte[] glyph) {
    if (glyph.length < 3) {
      return 0;
    }
    int width = glyph[1] & 0xFF;
    int height = glyph[2] & 0xFF;
    if (width > MAX_GLYPH || height > MAX_GLYPH) {
      return 0;
    }
    int inked = 0;
    for (int y = 0; y < height; y++) {
      for (int x = 0; x < width; x++) {
        if (glyph[3 + y * width + x] != 0) { // the bug: no check against glyph.length
          inked++;
        }
      }
    }
    return inked;
  }
}
