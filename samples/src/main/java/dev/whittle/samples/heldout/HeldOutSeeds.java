package dev.whittle.samples.heldout;

import com.google.zxing.BarcodeFormat;
import com.google.zxing.EncodeHintType;
import com.google.zxing.WriterException;
import com.google.zxing.common.BitMatrix;
import com.google.zxing.qrcode.QRCodeWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.commons.compress.archivers.sevenz.SevenZArchiveEntry;
import org.apache.commons.compress.archivers.sevenz.SevenZOutputFile;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.apache.commons.compress.utils.SeekableInMemoryByteChannel;

/**
 * The small valid seeds the held-out targets were fuzzed from, written by the libraries under test
 * themselves (an archive by commons-compress 1.20's writers, a QR code by ZXing's): {@code java -cp
 * ... dev.whittle.samples.heldout.HeldOutSeeds DIR} writes {@code DIR/<Target>/seed}. The TAR and
 * ZIP entries carry the time they were written, so those two seeds come out different in their time
 * fields on every run: the committed ones are the ones the crash files were fuzzed from.
 */
public final class HeldOutSeeds {
  private static final byte[] TEXT =
      "Whittle held-out seed: a few lines of text.\nSecond line.\n"
          .getBytes(StandardCharsets.UTF_8);

  private HeldOutSeeds() {}

  public static void main(String[] args) throws IOException, WriterException {
    if (args.length != 1) {
      throw new IllegalArgumentException("usage: HeldOutSeeds OUTPUT_DIR");
    }
    for (Map.Entry<String, byte[]> seed : all().entrySet()) {
      Path dir = Files.createDirectories(Path.of(args[0], seed.getKey()));
      Files.write(dir.resolve("seed"), seed.getValue());
    }
  }

  /** Target simple name to its seed, in a fixed order. */
  public static Map<String, byte[]> all() throws IOException, WriterException {
    Map<String, byte[]> seeds = new LinkedHashMap<>();
    seeds.put("SevenZFuzzer", sevenZ());
    seeds.put("TarFuzzer", tar());
    seeds.put("ZipFuzzer", zip());
    seeds.put(
        "GsonFuzzer",
        utf8("{\"name\":\"seed\",\"list\":[1,2.5,-3e2,\"x\",{\"deep\":[[true,null]]}],\"m\":{}}"));
    seeds.put(
        "JavaSourceFuzzer",
        utf8(
            """
            package seed;

            /** A seed class. {@code x} is @see Object */
            class Seed {
              /**
               * Adds.
               * @param a the first
               * @return the sum
               */
              int add(int a) { return ((a + 1) * (2 - a)) / 3; }

              int nested(int a) { return NESTED; }
            }
            """
                .replace("NESTED", "(".repeat(24) + "a" + ")".repeat(24))));
    seeds.put("BarcodeFuzzer", barcode());
    seeds.put("NumberFuzzer", utf8("-12.5e3"));
    seeds.put("NumberFieldFuzzer", numberField());
    return seeds;
  }

  /**
   * A record with the marker {@code "amount: "} (8 characters, so no terminator), the text {@code
   * "12.5e3 EUR"}, and from the end the offset 0 and the width 6 (Jazzer reads ints big-endian from
   * the last byte backwards).
   */
  private static byte[] numberField() {
    byte[] front = utf8("amount: 12.5e3 EUR");
    byte[] seed = Arrays.copyOf(front, front.length + 2 * Integer.BYTES);
    seed[front.length] = 6; // the width, read second, from the four bytes before the offset's
    return seed;
  }

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] sevenZ() throws IOException {
    SeekableInMemoryByteChannel channel = new SeekableInMemoryByteChannel();
    try (SevenZOutputFile out = new SevenZOutputFile(channel)) {
      for (String name : new String[] {"a.txt", "dir/b.txt"}) {
        SevenZArchiveEntry entry = new SevenZArchiveEntry();
        entry.setName(name);
        out.putArchiveEntry(entry);
        out.write(TEXT);
        out.closeArchiveEntry();
      }
    }
    return Arrays.copyOf(channel.array(), (int) channel.size());
  }

  private static byte[] tar() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (TarArchiveOutputStream out = new TarArchiveOutputStream(bytes)) {
      out.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
      for (String name : new String[] {"a.txt", "a/directory/name/longer/than/" + "x".repeat(80)}) {
        TarArchiveEntry entry = new TarArchiveEntry(name);
        entry.setSize(TEXT.length);
        out.putArchiveEntry(entry);
        out.write(TEXT);
        out.closeArchiveEntry();
      }
    }
    return bytes.toByteArray();
  }

  private static byte[] zip() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ZipArchiveOutputStream out = new ZipArchiveOutputStream(bytes)) {
      for (int method : new int[] {ZipArchiveEntry.DEFLATED, ZipArchiveEntry.STORED}) {
        ZipArchiveEntry entry = new ZipArchiveEntry(method == 0 ? "stored.txt" : "deflated.txt");
        entry.setMethod(method);
        if (method == ZipArchiveEntry.STORED) {
          java.util.zip.CRC32 crc = new java.util.zip.CRC32();
          crc.update(TEXT);
          entry.setSize(TEXT.length);
          entry.setCrc(crc.getValue());
        }
        out.putArchiveEntry(entry);
        out.write(TEXT);
        out.closeArchiveEntry();
      }
    }
    return bytes.toByteArray();
  }

  /**
   * A QR code at one pixel per module with a one-module margin, as {@link BarcodeFuzzer} reads it:
   * the pixels' bits from the front, then the reader (2: QR), the height and the width, each one
   * byte read from the end.
   */
  private static byte[] barcode() throws WriterException {
    BitMatrix matrix =
        new QRCodeWriter()
            .encode("whittle", BarcodeFormat.QR_CODE, 0, 0, Map.of(EncodeHintType.MARGIN, 1));
    int width = matrix.getWidth();
    int height = matrix.getHeight();
    byte[] bits = new byte[(width * height + 7) / 8];
    for (int i = 0; i < width * height; i++) {
      if (matrix.get(i % width, i / width)) {
        bits[i / 8] |= (byte) (1 << (i % 8));
      }
    }
    byte[] seed = Arrays.copyOf(bits, bits.length + 3);
    seed[bits.length] = 2;
    seed[bits.length + 1] = (byte) (height - 1);
    seed[bits.length + 2] = (byte) (width - 1);
    return seed;
  }
}
