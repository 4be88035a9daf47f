package dev.whittle.samples;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A small hand-written reader of TAR-like archives (ustar layout): each entry is a 512-byte header
 * block (name at 0, 100 bytes; size at 124, 12 bytes of ASCII octal; checksum at 148, 8 bytes of
 * ASCII octal; type flag at 156), followed by its data padded to whole 512-byte blocks. The
 * checksum is the sum of the header's bytes with the checksum field counted as eight spaces, as in
 * POSIX tar. A zero block or the end of the input ends the archive; the last entry's data may be
 * cut short at the end of the input (read as far as it goes, as lenient tar readers do).
 */
final class TarArchive {
  static final int BLOCK = 512;

  /** One regular file of the archive. */
  record Entry(String name, char type, byte[] data) {}

  /** A malformed archive. */
  static final class FormatException extends Exception {
    private static final long serialVersionUID = 1L;

    FormatException(String message) {
      super(message);
    }
  }

  private TarArchive() {}

  static List<Entry> read(byte[] data) throws FormatException {
    List<Entry> entries = new ArrayList<>();
    int at = 0;
    while (at + BLOCK <= data.length) {
      byte[] header = Arrays.copyOfRange(data, at, at + BLOCK);
      if (isZero(header)) {
        break;
      }
      long stored = octal(header, 148, 8);
      if (stored != checksum(header)) {
        throw new FormatException("bad checksum at " + at);
      }
      long size = octal(header, 124, 12);
      if (size > data.length) {
        throw new FormatException("entry larger than the archive at " + at);
      }
      int start = at + BLOCK;
      int end = (int) Math.min(data.length, start + size);
      char type = (char) (header[156] == 0 ? '0' : header[156] & 0xFF);
      entries.add(new Entry(string(header, 0, 100), type, Arrays.copyOfRange(data, start, end)));
      at = start + (int) ((size + BLOCK - 1) / BLOCK * BLOCK);
    }
    return entries;
  }

  /** The sum of the header's bytes, the checksum field counted as spaces. */
  static long checksum(byte[] header) {
    long sum = 0;
    for (int i = 0; i < BLOCK; i++) {
      sum += i >= 148 && i < 156 ? ' ' : header[i] & 0xFF;
    }
    return sum;
  }

  /** An ASCII octal field: leading spaces, digits, then a NUL or space (or the field's end). */
  static long octal(byte[] header, int offset, int length) throws FormatException {
    int i = offset;
    int end = offset + length;
    while (i < end && header[i] == ' ') {
      i++;
    }
    long value = 0;
    int digits = 0;
    for (; i < end && header[i] >= '0' && header[i] <= '7'; i++) {
      value = value * 8 + (header[i] - '0');
      digits++;
    }
    if (digits == 0 || i < end && header[i] != 0 && header[i] != ' ') {
      throw new FormatException("bad octal field at " + offset);
    }
    return value;
  }

  private static String string(byte[] header, int offset, int length) {
    int end = offset;
    while (end < offset + length && header[end] != 0) {
      end++;
    }
    return new String(header, offset, end - offset, StandardCharsets.ISO_8859_1);
  }

  private static boolean isZero(byte[] block) {
    for (byte b : block) {
      if (b != 0) {
        return false;
      }
    }
    return true;
  }
}
