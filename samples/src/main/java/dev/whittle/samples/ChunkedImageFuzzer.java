package dev.whittle.samples;

/**
 * Jazzer target over {@link ChunkedImage}: decodes a file and renders an 8x8 thumbnail of it, as an
 * upload service would before showing a preview.
 *
 * <p>Malformed files are rejected with {@link ChunkedImage.FormatException}, which is fine. The bug
 * Jazzer finds: a {@code PLTE} chunk shorter than the palette size {@code HEAD} declares, plus a
 * pixel index between the two, makes the thumbnail throw {@link ArrayIndexOutOfBoundsException}.
 */
public final class ChunkedImageFuzzer {
  static final int THUMBNAIL_SIZE = 8;

  private ChunkedImageFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    ChunkedImage image;
    try {
      image = ChunkedImage.decode(data);
    } catch (ChunkedImage.FormatException e) {
      return;
    }
    thumbnail(image);
  }

  /** Averages each of the 8x8 cells of the image into one 0xRRGGBB pixel. */
  static int[] thumbnail(ChunkedImage image) {
    int[] cells = new int[THUMBNAIL_SIZE * THUMBNAIL_SIZE];
    for (int cy = 0; cy < THUMBNAIL_SIZE; cy++) {
      for (int cx = 0; cx < THUMBNAIL_SIZE; cx++) {
        cells[cy * THUMBNAIL_SIZE + cx] = average(image, cx, cy);
      }
    }
    return cells;
  }

  private static int average(ChunkedImage image, int cx, int cy) {
    int x0 = cx * image.width() / THUMBNAIL_SIZE;
    int x1 = Math.max(x0 + 1, (cx + 1) * image.width() / THUMBNAIL_SIZE);
    int y0 = cy * image.height() / THUMBNAIL_SIZE;
    int y1 = Math.max(y0 + 1, (cy + 1) * image.height() / THUMBNAIL_SIZE);
    x1 = Math.min(x1, image.width());
    y1 = Math.min(y1, image.height());
    if (x0 >= x1 || y0 >= y1) {
      return 0;
    }
    long r = 0;
    long g = 0;
    long b = 0;
    for (int y = y0; y < y1; y++) {
      for (int x = x0; x < x1; x++) {
        int rgb = image.rgb(x, y);
        r += rgb >> 16 & 0xFF;
        g += rgb >> 8 & 0xFF;
        b += rgb & 0xFF;
      }
    }
    long n = (long) (x1 - x0) * (y1 - y0);
    return (int) (r / n) << 16 | (int) (g / n) << 8 | (int) (b / n);
  }
}
