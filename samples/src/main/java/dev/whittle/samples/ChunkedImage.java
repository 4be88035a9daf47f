package dev.whittle.samples;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A tiny PNG-like image format, the subject of {@link ChunkedImageFuzzer}.
 *
 * <p>A file is the magic {@code WIMG} followed by chunks. Each chunk is a 4-byte big-endian data
 * length, a 4-byte ASCII type and the data. Types starting with an upper-case letter are critical
 * (an unknown one is an error), lower-case ones are ancillary and skipped when unknown.
 *
 * <ul>
 *   <li>{@code HEAD} (first, exactly once): width (u16), height (u16), palette size (u8, 1..255),
 *       flags (u8, bit 0 = run-length encoded data).
 *   <li>{@code PLTE} (once, before any {@code DATA}): 3 bytes (RGB) per palette entry.
 *   <li>{@code text} (any number): a key, a zero byte and a value, both Latin-1.
 *   <li>{@code DATA} (one or more): pixel indices; the image data is the concatenation of all
 *       {@code DATA} chunks. With run-length encoding it is pairs (count, index). Short data is
 *       padded with index 0, as lenient decoders do with truncated images.
 *   <li>{@code END } (last, empty).
 * </ul>
 *
 * <p>Malformed input raises {@link FormatException}. The planted bug: the {@code PLTE} length is
 * checked against the declared palette size only from above, so a palette shorter than {@code HEAD}
 * declares passes, and {@link #rgb} later indexes past it with a pixel index that the decoder
 * accepted because it is below the declared size.
 */
final class ChunkedImage {
  static final byte[] MAGIC = {'W', 'I', 'M', 'G'};
  static final int MAX_PIXELS = 1 << 20;

  private final int width;
  private final int height;
  private final int[] palette; // 0xRRGGBB per entry
  private final byte[] pixels; // palette indices, unsigned
  private final Map<String, String> text;

  private ChunkedImage(
      int width, int height, int[] palette, byte[] pixels, Map<String, String> text) {
    this.width = width;
    this.height = height;
    this.palette = palette;
    this.pixels = pixels;
    this.text = text;
  }

  /** Thrown for input that is not a well-formed image. */
  static final class FormatException extends Exception {
    FormatException(String message) {
      super(message);
    }
  }

  int width() {
    return width;
  }

  int height() {
    return height;
  }

  Map<String, String> text() {
    return text;
  }

  /** The colour of the pixel at (x, y) as 0xRRGGBB. */
  int rgb(int x, int y) {
    int index = pixels[y * width + x] & 0xFF;
    return palette[index];
  }

  static ChunkedImage decode(byte[] file) throws FormatException {
    return new Decoder(file).decode();
  }

  private static final class Decoder {
    private final byte[] file;
    private int pos;

    private int width = -1;
    private int height;
    private int paletteSize;
    private boolean runLength;
    private int[] palette;
    private final Map<String, String> text = new LinkedHashMap<>();
    private byte[] pixels;
    private int filled;

    Decoder(byte[] file) {
      this.file = file;
    }

    ChunkedImage decode() throws FormatException {
      if (file.length < MAGIC.length
          || !Arrays.equals(file, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
        throw new FormatException("not a WIMG file");
      }
      pos = MAGIC.length;
      while (true) {
        if (file.length - pos < 8) {
          throw new FormatException("truncated chunk header at " + pos);
        }
        long length = readU32(pos);
        String type = new String(file, pos + 4, 4, StandardCharsets.ISO_8859_1);
        pos += 8;
        if (length > file.length - pos) {
          throw new FormatException("chunk " + type + " runs past the end");
        }
        int start = pos;
        int end = pos + (int) length;
        pos = end;
        if (width < 0 && !type.equals("HEAD")) {
          throw new FormatException("first chunk is " + type + ", not HEAD");
        }
        switch (type) {
          case "HEAD" -> head(start, end);
          case "PLTE" -> palette(start, end);
          case "text" -> text(start, end);
          case "DATA" -> data(start, end);
          case "END " -> {
            if (end != start) {
              throw new FormatException("END chunk is not empty");
            }
            if (pixels == null) {
              throw new FormatException("no DATA chunk");
            }
            return new ChunkedImage(width, height, palette, pixels, text);
          }
          default -> {
            if (!Character.isLowerCase(type.charAt(0))) {
              throw new FormatException("unknown critical chunk " + type);
            }
          }
        }
      }
    }

    private void head(int start, int end) throws FormatException {
      if (width >= 0) {
        throw new FormatException("second HEAD chunk");
      }
      if (end - start != 6) {
        throw new FormatException("HEAD chunk has " + (end - start) + " bytes, not 6");
      }
      width = readU16(start);
      height = readU16(start + 2);
      paletteSize = file[start + 4] & 0xFF;
      runLength = (file[start + 5] & 1) != 0;
      if (width == 0 || height == 0 || (long) width * height > MAX_PIXELS) {
        throw new FormatException("bad dimensions " + width + "x" + height);
      }
      if (paletteSize == 0) {
        throw new FormatException("empty palette");
      }
    }

    private void palette(int start, int end) throws FormatException {
      if (palette != null) {
        throw new FormatException("second PLTE chunk");
      }
      if (pixels != null) {
        throw new FormatException("PLTE after DATA");
      }
      int length = end - start;
      // BUG: should be length != 3 * paletteSize; a shorter palette slips through.
      if (length % 3 != 0 || length > 3 * paletteSize) {
        throw new FormatException("PLTE length " + length + " does not fit " + paletteSize);
      }
      palette = new int[length / 3];
      for (int i = 0; i < palette.length; i++) {
        int p = start + 3 * i;
        palette[i] = (file[p] & 0xFF) << 16 | (file[p + 1] & 0xFF) << 8 | (file[p + 2] & 0xFF);
      }
    }

    private void text(int start, int end) throws FormatException {
      int zero = start;
      while (zero < end && file[zero] != 0) {
        zero++;
      }
      if (zero == start || zero == end) {
        throw new FormatException("text chunk without key");
      }
      text.put(
          new String(file, start, zero - start, StandardCharsets.ISO_8859_1),
          new String(file, zero + 1, end - zero - 1, StandardCharsets.ISO_8859_1));
    }

    private void data(int start, int end) throws FormatException {
      if (palette == null) {
        throw new FormatException("DATA before PLTE");
      }
      if (pixels == null) {
        pixels = new byte[width * height];
      }
      if (runLength) {
        if ((end - start) % 2 != 0) {
          throw new FormatException("odd run-length DATA chunk");
        }
        for (int p = start; p < end; p += 2) {
          int count = file[p] & 0xFF;
          put(file[p + 1], count);
        }
      } else {
        for (int p = start; p < end; p++) {
          put(file[p], 1);
        }
      }
    }

    private void put(byte index, int count) throws FormatException {
      if ((index & 0xFF) >= paletteSize) {
        throw new FormatException("pixel index " + (index & 0xFF) + " outside the palette");
      }
      if (count > pixels.length - filled) {
        throw new FormatException("too much pixel data");
      }
      Arrays.fill(pixels, filled, filled + count, index);
      filled += count;
    }

    private int readU16(int at) {
      return (file[at] & 0xFF) << 8 | (file[at + 1] & 0xFF);
    }

    private long readU32(int at) {
      return (long) readU16(at) << 16 | readU16(at + 2);
    }
  }
}
