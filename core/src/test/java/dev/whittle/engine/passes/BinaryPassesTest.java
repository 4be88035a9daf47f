package dev.whittle.engine.passes;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.api.Oracle;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.Whittle;
import dev.whittle.engine.passes.bytes.BytePasses;
import dev.whittle.engine.passes.fields.FieldPasses;
import dev.whittle.engine.passes.text.TextPasses;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** Exact results of the binary-format passes on small hand-built inputs. */
class BinaryPassesTest {
  /**
   * A TAR-like archive: entries of a 512-byte header block ('H', a count of data blocks, a name, a
   * checksum of the header's first 64 bytes in its last byte) and that many data blocks.
   * Interesting: well-formed and holding an entry named "BUG".
   */
  private static final Predicate<byte[]> TAR_WITH_BUG =
      data -> {
        if (data.length % 512 != 0) {
          return false;
        }
        boolean bug = false;
        int at = 0;
        while (at < data.length) {
          if (data[at] != 'H' || checksum(data, at) != data[at + 511]) {
            return false;
          }
          bug |= new String(data, at + 2, 3, ISO_8859_1).equals("BUG");
          at += 512 * (1 + data[at + 1]);
        }
        return at == data.length && bug;
      };

  private static byte checksum(byte[] data, int at) {
    int sum = 0;
    for (int i = 0; i < 64; i++) {
      sum += data[at + i];
    }
    return (byte) sum;
  }

  private static void tarEntry(ByteArrayOutputStream out, String name, int dataBlocks) {
    byte[] header = new byte[512];
    header[0] = 'H';
    header[1] = (byte) dataBlocks;
    System.arraycopy(name.getBytes(ISO_8859_1), 0, header, 2, name.length());
    header[511] = checksum(header, 0);
    out.writeBytes(header);
    out.writeBytes(new byte[512 * dataBlocks]); // data blocks of zeros, all alike
  }

  @Test
  void blocksTakeOutWholeEntriesOfABlockAlignedArchive() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    tarEntry(out, "README", 2);
    tarEntry(out, "bin", 1);
    tarEntry(out, "BUG", 1);
    tarEntry(out, "data", 3);
    byte[] input = out.toByteArray();
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    tarEntry(expected, "BUG", 1);

    byte[] deletionOnly =
        Whittle.reduce(SequenceInputs.bytes(input))
            .withAlgorithm(dev.whittle.api.Algorithms.ddmin())
            .run(Oracle.of(TAR_WITH_BUG))
            .reduced();
    byte[] withBlocks = BytePasses.blocks().reduce(input, TAR_WITH_BUG::test);

    assertTrue(deletionOnly.length > 1024, "ddmin's chunks do not line up with the entries");
    assertArrayEquals(expected.toByteArray(), withBlocks);
  }

  /**
   * "RPK1", the little-endian offset where the data starts, then (offset, length) records.
   * Interesting: well-formed and holding a resource that starts with "BUG".
   */
  private static final Predicate<byte[]> PACK_WITH_BUG =
      data -> {
        if (data.length < 8 || !new String(data, 0, 4, ISO_8859_1).equals("RPK1")) {
          return false;
        }
        ByteBuffer in = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
        int dataStart = in.getInt(4);
        if (dataStart < 8 || dataStart > data.length || (dataStart - 8) % 8 != 0) {
          return false;
        }
        boolean bug = false;
        for (int at = 8; at < dataStart; at += 8) {
          long offset = in.getInt(at) & 0xFFFF_FFFFL;
          long length = in.getInt(at + 4) & 0xFFFF_FFFFL;
          if (offset < dataStart || length == 0 || offset + length > data.length) {
            return false;
          }
          bug |= new String(data, (int) offset, (int) length, ISO_8859_1).startsWith("BUG");
        }
        return bug;
      };

  private static byte[] pack(List<String> resources) {
    int dataStart = 8 + 8 * resources.size();
    int size = dataStart + resources.stream().mapToInt(String::length).sum();
    ByteBuffer out = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    out.put("RPK1".getBytes(ISO_8859_1)).putInt(dataStart);
    int offset = dataStart;
    for (String resource : resources) {
      out.putInt(offset).putInt(resource.length());
      offset += resource.length();
    }
    for (String resource : resources) {
      out.put(resource.getBytes(ISO_8859_1));
    }
    return out.array();
  }

  @Test
  void offsetFieldsTakeOutRecordsAndMoveTheOffsetsAfterThem() {
    byte[] input = pack(List.of("Open", "Save as", "BUG", "Close window"));

    byte[] deletionOnly =
        Whittle.reduce(SequenceInputs.bytes(input)).run(Oracle.of(PACK_WITH_BUG)).reduced();
    byte[] reduced = FieldPasses.offsetFields().reduce(input, PACK_WITH_BUG::test);

    assertTrue(deletionOnly.length > 19, "deletion moves the data off its offsets");
    assertArrayEquals(pack(List.of("BUG")), reduced);
  }

  @Test
  void offsetFieldsDeleteDataNoRecordPointsAtAndTrimData() {
    byte[] input = pack(List.of("BUGGY"));
    // Slack between the directory and the data: the record's offset moves down over it.
    byte[] slack = new byte[input.length + 6];
    System.arraycopy(input, 0, slack, 0, 16);
    System.arraycopy(input, 16, slack, 22, 5);
    slack[8] = 22;

    byte[] reduced = FieldPasses.offsetFields().reduce(slack, PACK_WITH_BUG::test);

    assertArrayEquals(pack(List.of("BUG")), reduced);
  }

  @Test
  void offsetFieldsTrimDataFromTheFrontAndMoveTheOffsetsBehindIt() {
    byte[] input = pack(List.of("zzzzzBUGzz", "Open"));
    // Interesting: a well-formed pack whose first resource, wherever it lies, contains "BUG".
    Predicate<byte[]> firstHoldsBug =
        data -> {
          if (data.length < 16) {
            return false;
          }
          ByteBuffer in = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
          int dataStart = in.getInt(4);
          int offset = in.getInt(8);
          int length = in.getInt(12);
          return new String(data, 0, 4, ISO_8859_1).equals("RPK1")
              && dataStart >= 16
              && dataStart <= data.length
              && (dataStart - 8) % 8 == 0
              && offset >= dataStart
              && length > 0
              && offset + length <= data.length
              && new String(data, offset, length, ISO_8859_1).contains("BUG");
        };
    assertTrue(firstHoldsBug.test(input));

    byte[] reduced = FieldPasses.offsetFields().reduce(input, firstHoldsBug::test);

    assertArrayEquals(pack(List.of("BUG")), reduced);
  }

  @Test
  void zeroRunsClearEveryByteThatDoesNotMatter() {
    byte[] input = {9, 8, 7, 6, 5, 0x7F, 4, 3, 2, 1, (byte) 0xFF, 0, 3, 3, 3, 3};
    byte[] expected = new byte[16];
    expected[5] = 0x7F;

    byte[] reduced =
        BytePasses.zeroRuns().reduce(input, data -> data.length == 16 && data[5] == 0x7F);

    assertArrayEquals(expected, reduced);
  }

  @Test
  void textNumbersBecomeZeroDigitsOrTheSmallestValueTheSearchFinds() {
    byte[] input = "mode=0644 size=00000001750 retries=10\n".getBytes(ISO_8859_1);
    Predicate<byte[]> retriesAtLeast8 =
        data -> {
          String text = new String(data, ISO_8859_1);
          int at = text.indexOf("retries=");
          return text.startsWith("mode=")
              && at > 0
              && Integer.parseInt(text.substring(at + 8).strip()) >= 8;
        };

    byte[] reduced = TextPasses.textNumbers().reduce(input, retriesAtLeast8::test);

    assertEquals("mode=0000 size=00000000000 retries=08\n", new String(reduced, ISO_8859_1));
  }

  @Test
  void integerFieldsGoToZeroOrAsLowAsTheSearchGets() {
    // Magic "ZZ", a big-endian count that must stay at least 1, a little-endian 32-bit value.
    byte[] input = {'Z', 'Z', 0, 3, 0x2C, 0x01, 0, 0, 0, 0};
    Predicate<byte[]> countAtLeastOne =
        data -> data.length == 10 && data[0] == 'Z' && data[1] == 'Z' && (data[2] | data[3]) != 0;

    byte[] reduced = FieldPasses.integerFields().reduce(input, countAtLeastOne::test);

    assertArrayEquals(new byte[] {'Z', 'Z', 0, 1, 0, 0, 0, 0, 0, 0}, reduced);
  }

  @Test
  void aChunkThatStandsTwiceInARowLosesItsCopies() {
    byte[] input = "HDR:ABCDEFGHABCDEFGHABCDEFGH:END".getBytes(ISO_8859_1);
    Predicate<byte[]> framed =
        data -> {
          String text = new String(data, ISO_8859_1);
          return text.startsWith("HDR:") && text.endsWith(":END") && text.contains("ABCDEFGH");
        };

    byte[] reduced = BytePasses.duplicateChunks().reduce(input, framed::test);

    assertEquals("HDR:ABCDEFGH:END", new String(reduced, ISO_8859_1));
  }

  @Test
  void binaryPassesAskNothingOfText() {
    byte[] text = "From: ada@example.org\nSubject: nightly\n\nAll green.\n".getBytes(ISO_8859_1);
    long[] asked = {0};
    for (var pass :
        List.of(BytePasses.zeroRuns(), FieldPasses.integerFields(), BytePasses.blocks())) {
      assertSame(
          text,
          pass.reduce(
              text,
              candidate -> {
                asked[0]++;
                return false;
              }));
    }
    assertEquals(0, asked[0]);
  }
}
