package dev.whittle.samples;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The valid seed inputs the sample crash files were fuzzed from, one per target, built
 * deterministically. They are a few KB each on purpose: Jazzer mutates them in place, so its
 * findings carry most of the seed along, which is what makes reducing them worth while.
 *
 * <p>{@code main(dir)} writes {@code dir/<TargetSimpleName>/seed}; the committed copies live in
 * {@code samples/seeds/}.
 */
public final class SeedCorpus {
  private SeedCorpus() {}

  /** The seed of each target, by the target's simple name. */
  public static Map<String, byte[]> all() {
    return Map.of(
        ChunkedImageFuzzer.class.getSimpleName(), chunkedImage(),
        RingBufferFuzzer.class.getSimpleName(), ringBuffer(),
        AttachmentViewerFuzzer.class.getSimpleName(), mail());
  }

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: SeedCorpus OUTPUT_DIRECTORY");
      System.exit(2);
    }
    for (Map.Entry<String, byte[]> seed : all().entrySet()) {
      Path dir = Path.of(args[0], seed.getKey());
      Files.createDirectories(dir);
      Files.write(dir.resolve("seed"), seed.getValue());
    }
  }

  /** A 48x32 image, 16 colours, raw pixels in six DATA chunks, with text chunks around them. */
  static byte[] chunkedImage() {
    int width = 48;
    int height = 32;
    int colours = 16;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(ChunkedImage.MAGIC);
    chunk(out, "HEAD", new byte[] {0, (byte) width, 0, (byte) height, (byte) colours, 0});
    text(out, "Title", "Sunset over the harbour, test card");
    text(out, "Software", "whittle-samples SeedCorpus");
    byte[] palette = new byte[3 * colours];
    for (int i = 0; i < colours; i++) {
      palette[3 * i] = (byte) (255 - 12 * i);
      palette[3 * i + 1] = (byte) (40 + 9 * i);
      palette[3 * i + 2] = (byte) (16 * i);
    }
    chunk(out, "PLTE", palette);
    byte[] pixels = new byte[width * height];
    for (int y = 0; y < height; y++) {
      for (int x = 0; x < width; x++) {
        pixels[y * width + x] = (byte) ((x / 3 + y / 4 + (x * y) % 5) % colours);
      }
    }
    for (int start = 0; start < pixels.length; start += 256) {
      byte[] part = new byte[Math.min(256, pixels.length - start)];
      System.arraycopy(pixels, start, part, 0, part.length);
      chunk(out, "DATA", part);
    }
    text(out, "Comment", "Palette indices are row-major; the last row is the horizon line.");
    chunk(out, "END ", new byte[0]);
    return out.toByteArray();
  }

  private static void text(ByteArrayOutputStream out, String key, String value) {
    chunk(out, "text", (key + "\0" + value).getBytes(StandardCharsets.ISO_8859_1));
  }

  private static void chunk(ByteArrayOutputStream out, String type, byte[] data) {
    out.write(data.length >>> 24);
    out.write(data.length >>> 16);
    out.write(data.length >>> 8);
    out.write(data.length);
    out.writeBytes(type.getBytes(StandardCharsets.ISO_8859_1));
    out.writeBytes(data);
  }

  /**
   * 300 operations on a buffer of capacity 16 that only add and remove at the back and check the
   * contents, so the buffer never wraps around and its bug stays hidden. In FuzzedDataProvider
   * layout: integers are read from the end (one byte each here), strings from the front.
   */
  static byte[] ringBuffer() {
    SplittableRandom random = new SplittableRandom(20240611L);
    ByteArrayOutputStream front = new ByteArrayOutputStream();
    ByteArrayOutputStream back = new ByteArrayOutputStream(); // in consumption order
    back.write(15); // consumeInt(1, 16) == 1 + 15 % 16 == 16
    int size = 0;
    for (int n = 0; n < 300; n++) {
      int roll = random.nextInt(10);
      int op = roll < 6 || size == 0 ? 0 : roll < 9 ? 3 : 4;
      back.write(op); // consumeInt(0, 4) == op % 5
      if (op == 0) {
        for (int c = 0; c < 8; c++) {
          front.write('a' + random.nextInt(26));
        }
        size++;
      } else if (op == 3) {
        size--;
      }
    }
    byte[] ints = back.toByteArray();
    for (int i = ints.length - 1; i >= 0; i--) {
      front.write(ints[i]);
    }
    return front.toByteArray();
  }

  /** A multipart mail with a text part and three attachments (bzip2, PDF, PNG) in base64. */
  static byte[] mail() {
    SplittableRandom random = new SplittableRandom(7L);
    String boundary = "=_whittle_4f1c2a";
    StringBuilder m = new StringBuilder();
    m.append("From: Ada Example <ada@example.org>\r\n")
        .append("To: build-team@example.org\r\n")
        .append("Subject: Nightly report with attachments\r\n")
        .append("Date: Tue, 11 Jun 2024 06:12:44 +0200\r\n")
        .append("MIME-Version: 1.0\r\n")
        .append("Content-Type: multipart/mixed;\r\n")
        .append("\tboundary=\"")
        .append(boundary)
        .append("\"\r\n")
        .append("\r\n")
        .append("This is a multi-part message in MIME format.\r\n");
    m.append("--").append(boundary).append("\r\n");
    m.append("Content-Type: text/plain; charset=utf-8\r\n\r\n")
        .append(
            "Hi all,\r\n\r\nlast night's build passed; the report and the logs are attached.\r\n")
        .append("The chart shows the test durations per module.\r\n\r\nAda\r\n");
    attachment(m, boundary, "application/x-bzip2", "build-logs.bz2", random, 240);
    attachment(m, boundary, "application/pdf", "report.pdf", random, 900);
    attachment(m, boundary, "image/png", "durations.png", random, 600);
    m.append("--").append(boundary).append("--\r\n");
    return m.toString().getBytes(StandardCharsets.ISO_8859_1);
  }

  private static void attachment(
      StringBuilder m,
      String boundary,
      String type,
      String fileName,
      SplittableRandom random,
      int size) {
    byte[] content = new byte[size];
    random.nextBytes(content);
    m.append("--").append(boundary).append("\r\n");
    m.append("Content-Type: ").append(type).append("\r\n");
    m.append("Content-Disposition: attachment; filename=\"").append(fileName).append("\"\r\n");
    m.append("Content-Transfer-Encoding: base64\r\n\r\n");
    String base64 =
        Base64.getMimeEncoder(76, "\r\n".getBytes(StandardCharsets.US_ASCII))
            .encodeToString(content);
    m.append(base64).append("\r\n");
  }
}
