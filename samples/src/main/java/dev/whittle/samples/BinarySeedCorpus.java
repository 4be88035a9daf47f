package dev.whittle.samples;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * The valid seeds of the binary-format targets (ZIP, TAR-like, offset-indexed), built
 * deterministically like {@link SeedCorpus}'s: a few KB each, so that Jazzer's findings carry most
 * of the seed along. {@code main(dir)} writes {@code dir/<TargetSimpleName>/seed}; the committed
 * copies live in {@code samples/seeds/}.
 */
public final class BinarySeedCorpus {
  /** 2024-06-11T06:12:44Z, for every time stamp the seeds hold. */
  static final long TIME_MILLIS = 1_718_086_364_000L;

  private BinarySeedCorpus() {}

  /** The seed of each target, by the target's simple name. */
  public static Map<String, byte[]> all() {
    return Map.of(
        ZipThemeFuzzer.class.getSimpleName(), zipTheme(),
        TarArchiveFuzzer.class.getSimpleName(), tarArchive(),
        ResourcePackFuzzer.class.getSimpleName(), resourcePack());
  }

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: BinarySeedCorpus OUTPUT_DIRECTORY");
      System.exit(2);
    }
    for (Map.Entry<String, byte[]> seed : all().entrySet()) {
      Path dir = Path.of(args[0], seed.getKey());
      Files.createDirectories(dir);
      Files.write(dir.resolve("seed"), seed.getValue());
    }
  }

  /** A theme pack: a description, icons and colour tables, deflated, with directory entries. */
  static byte[] zipTheme() {
    SplittableRandom random = new SplittableRandom(11L);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
      put(zip, "theme.txt", ascii("Harbour dusk\nA dark theme with warm accents.\nAuthor: Ada\n"));
      put(zip, "icons/", new byte[0]);
      put(zip, "icons/close.png", randomBytes(random, 420));
      put(zip, "icons/open.png", randomBytes(random, 380));
      put(zip, "icons/save.png", randomBytes(random, 460));
      put(zip, "colors/", new byte[0]);
      put(zip, "colors/dark.csv", ascii(colourTable(random, 24)));
      put(zip, "colors/light.csv", ascii(colourTable(random, 24)));
      put(zip, "fonts/ui.glyphs", randomBytes(random, 700));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  private static void put(ZipOutputStream zip, String name, byte[] content) throws IOException {
    ZipEntry entry = new ZipEntry(name);
    entry.setTime(TIME_MILLIS);
    zip.putNextEntry(entry);
    zip.write(content);
    zip.closeEntry();
  }

  private static String colourTable(SplittableRandom random, int rows) {
    StringBuilder csv = new StringBuilder("name,red,green,blue\n");
    for (int i = 0; i < rows; i++) {
      csv.append("colour")
          .append(i)
          .append(',')
          .append(random.nextInt(256))
          .append(',')
          .append(random.nextInt(256))
          .append(',')
          .append(random.nextInt(256))
          .append('\n');
    }
    return csv.toString();
  }

  /** An application bundle: a README, a start script, two settings files and a data table. */
  static byte[] tarArchive() {
    SplittableRandom random = new SplittableRandom(5L);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    tarEntry(
        out,
        "app/README.txt",
        ascii(
            "Harbour service\n===============\n\nStart it with bin/start.sh; settings are read from"
                + " config/*.conf at start-up.\n".repeat(6)));
    tarEntry(out, "app/bin/start.sh", ascii("#!/bin/sh\nexec java -jar harbour.jar \"$@\"\n"));
    tarEntry(
        out,
        "app/config/server.conf",
        ascii(
            "# harbour server settings\nport=8080\nhost=0.0.0.0\nthreads=16\nretries=5\n"
                + "timeout=30\nlog=info\n"));
    tarEntry(out, "app/data/table.bin", randomBytes(random, 900));
    tarEntry(out, "app/config/logging.conf", ascii("level=info\nfile=harbour.log\nrotate=7\n"));
    out.writeBytes(new byte[2 * TarArchive.BLOCK]);
    return out.toByteArray();
  }

  private static void tarEntry(ByteArrayOutputStream out, String name, byte[] content) {
    byte[] header = new byte[TarArchive.BLOCK];
    write(header, 0, name);
    write(header, 100, "0000644\0");
    write(header, 108, "0001750\0");
    write(header, 116, "0001750\0");
    write(header, 124, String.format("%011o\0", content.length));
    write(header, 136, String.format("%011o\0", TIME_MILLIS / 1000));
    header[156] = '0';
    write(header, 257, "ustar\0");
    write(header, 263, "00");
    write(header, 265, "ada");
    write(header, 297, "staff");
    write(header, 148, String.format("%06o\0 ", TarArchive.checksum(header)));
    out.writeBytes(header);
    out.writeBytes(content);
    int padding = (TarArchive.BLOCK - content.length % TarArchive.BLOCK) % TarArchive.BLOCK;
    out.writeBytes(new byte[padding]);
  }

  private static void write(byte[] header, int offset, String text) {
    byte[] bytes = ascii(text);
    System.arraycopy(bytes, 0, header, offset, bytes.length);
  }

  /** A UI pack: texts and 12x12 glyphs, with the data area in another order than the directory. */
  static byte[] resourcePack() {
    SplittableRandom random = new SplittableRandom(3L);
    List<byte[]> resources = new ArrayList<>();
    String[] texts = {
      "Open", "Save as", "Close window", "Preferences", "Are you sure you want to quit?", "Help"
    };
    for (int i = 0; i < 28; i++) {
      if (i % 2 == 0) {
        resources.add(ascii("T" + texts[i / 2 % texts.length] + " (" + i + ")"));
      } else {
        byte[] glyph = new byte[3 + 12 * 12];
        glyph[0] = 'G';
        glyph[1] = 12;
        glyph[2] = 12;
        for (int p = 3; p < glyph.length; p++) {
          glyph[p] = (byte) (random.nextInt(3) == 0 ? 0 : 0xFF);
        }
        resources.add(glyph);
      }
    }
    int dataStart = ResourcePack.HEADER + ResourcePack.ENTRY * resources.size();
    ByteArrayOutputStream area = new ByteArrayOutputStream();
    int[] offsets = new int[resources.size()];
    for (int k = resources.size() - 1; k >= 0; k--) { // the data area in reverse order
      offsets[k] = dataStart + area.size();
      area.writeBytes(resources.get(k));
    }
    ByteBuffer out = ByteBuffer.allocate(dataStart + area.size()).order(ByteOrder.LITTLE_ENDIAN);
    out.put(ResourcePack.MAGIC).putInt(dataStart);
    for (int k = 0; k < resources.size(); k++) {
      out.putInt(offsets[k]).putInt(resources.get(k).length);
    }
    out.put(area.toByteArray());
    return out.array();
  }

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }

  private static byte[] randomBytes(SplittableRandom random, int size) {
    byte[] bytes = new byte[size];
    random.nextBytes(bytes);
    return bytes;
  }
}
