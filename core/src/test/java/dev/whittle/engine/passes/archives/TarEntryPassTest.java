package dev.whittle.engine.passes.archives;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.whittle.api.ContentTester;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** Exact results of the TAR entry pass on hand-built POSIX archives. */
class TarEntryPassTest {
  /**
   * Interesting: every header's checksum right, exactly the entries "a.txt" and "b.conf" in that
   * order, and b.conf's data starting with "x=1" (a.txt's data nobody reads).
   */
  private static final Predicate<byte[]> TWO_ENTRIES =
      data -> {
        List<String> names = new ArrayList<>();
        int at = 0;
        String conf = null;
        while (at + 512 <= data.length) {
          if (!TarEntryPass.isHeader(data, at)) {
            break;
          }
          String name = new String(data, at, 100, ISO_8859_1).replace("\0", "");
          long size = TarEntryPass.octal(data, at + 124, 12);
          if (size < 0 || at + 512 + size > data.length) {
            return false;
          }
          names.add(name);
          if (name.equals("b.conf")) {
            conf = new String(data, at + 512, (int) size, ISO_8859_1);
          }
          at += 512 + (int) ((size + 511) / 512 * 512);
        }
        return names.equals(List.of("a.txt", "b.conf")) && conf != null && conf.startsWith("x=1");
      };

  private static byte[] header(String name, long size) {
    byte[] header = new byte[512];
    System.arraycopy(name.getBytes(US_ASCII), 0, header, 0, name.length());
    System.arraycopy("0000644\0".getBytes(US_ASCII), 0, header, 100, 8);
    System.arraycopy(String.format("%011o\0", size).getBytes(US_ASCII), 0, header, 124, 12);
    header[156] = '0';
    long sum = TarEntryPass.checksum(header, 0);
    System.arraycopy(String.format("%06o\0 ", sum).getBytes(US_ASCII), 0, header, 148, 8);
    return header;
  }

  private static byte[] archive(long aSize, int aBlocks) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(header("a.txt", aSize));
    byte[] text = new byte[512 * aBlocks];
    for (int i = 0; i < aSize; i++) {
      text[i] = (byte) ('a' + i % 26);
    }
    out.writeBytes(text);
    out.writeBytes(header("b.conf", 10));
    byte[] conf = new byte[512];
    System.arraycopy("x=1\ny=22\n\n".getBytes(US_ASCII), 0, conf, 0, 10);
    out.writeBytes(conf);
    out.writeBytes(new byte[1024]); // the end-of-archive blocks
    return out.toByteArray();
  }

  @Test
  void emptiesAnEntryNobodyReadsAndKeepsTheOneThatIsRead() {
    byte[] input = archive(700, 2);
    List<byte[]> asked = new ArrayList<>();
    ContentTester<byte[]> tester =
        candidate -> {
          asked.add(candidate);
          return TWO_ENTRIES.test(candidate);
        };

    byte[] result = new TarEntryPass().reduce(input, tester);

    // a.txt loses its two data blocks and says size 0 with a checksum to match; b.conf's one
    // block is asked once (0 blocks) and stays.
    assertArrayEquals(archive(0, 0), result);
    assertEquals(2, asked.size());
    assertEquals(input.length - 1024, result.length);
  }

  @Test
  void keepsHalfTheBlocksWhenTheDataIsReadButOnlyItsStart() {
    // Interesting as long as a.txt still holds its first 600 bytes: 0 blocks fail, 1 of 3 fails, 2
    // of 3 hold 1,024 bytes and pass.
    byte[] input = archive(1500, 3);
    Predicate<byte[]> keepsStart =
        data -> TWO_ENTRIES.test(data) && TarEntryPass.octal(data, 124, 12) >= 600;

    byte[] result = new TarEntryPass().reduce(input, keepsStart::test);

    assertEquals(input.length - 512, result.length);
    assertEquals(1024, TarEntryPass.octal(result, 124, 12));
    assertEquals(true, TarEntryPass.isHeader(result, 0));
  }

  @Test
  void skipsInputsWithoutAValidHeaderWithoutAQuestion() {
    byte[] notTar = new byte[4096];
    List<byte[]> asked = new ArrayList<>();

    assertSame(notTar, new TarEntryPass().reduce(notTar, c -> asked.add(c)));
    byte[] broken = archive(700, 2);
    broken[0] ^= 1; // a.txt's checksum no longer matches: only b.conf's header is one
    assertSame(broken, new TarEntryPass().reduce(broken, c -> asked.add(c) && false));
    assertEquals(1, asked.size());
  }
}
