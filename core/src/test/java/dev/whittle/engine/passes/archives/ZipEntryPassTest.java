package dev.whittle.engine.passes.archives;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;

/** Exact results of the ZIP entry pass on archives the JDK writes and reads. */
class ZipEntryPassTest {
  private static final List<String> NAMES = List.of("theme.txt", "icons/close.png", "x.c");

  /** "name:size:method" of every entry as {@link ZipInputStream} reads them; null if it throws. */
  private static List<String> read(byte[] data) {
    List<String> entries = new ArrayList<>();
    try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(data))) {
      ZipEntry entry;
      while ((entry = zip.getNextEntry()) != null) {
        int size = zip.readAllBytes().length;
        entries.add(entry.getName() + ":" + size + ":" + entry.getMethod());
      }
    } catch (IOException | IllegalArgumentException e) {
      return null;
    }
    return entries;
  }

  private static byte[] archive() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
      for (String name : NAMES) {
        zip.putNextEntry(new ZipEntry(name)); // deflated, sizes in a data descriptor
        zip.write(("the content of " + name + ", ").repeat(20).getBytes(US_ASCII));
        zip.closeEntry();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  @Test
  void emptiesEveryEntryAsStoredWhenOnlyTheNamesMatter() {
    byte[] input = archive();
    Predicate<byte[]> sameNames =
        data -> {
          List<String> entries = read(data);
          return entries != null
              && entries.stream().map(e -> e.substring(0, e.indexOf(':'))).toList().equals(NAMES);
        };

    byte[] result = new ZipEntryPass().reduce(input, sameNames::test);

    assertEquals(List.of("theme.txt:0:0", "icons/close.png:0:0", "x.c:0:0"), read(result));
    int centralDirectory = input.length - indexOf(input, "PK\1\2");
    int localHeaders = NAMES.stream().mapToInt(name -> 30 + name.length()).sum();
    assertEquals(localHeaders + centralDirectory, result.length);
  }

  @Test
  void keepsAnEmptyDeflateStreamWhenTheMethodMatters() {
    byte[] input = archive();
    Predicate<byte[]> deflated =
        data -> {
          List<String> entries = read(data);
          return entries != null
              && entries.size() == 3
              && entries.stream().allMatch(e -> e.endsWith(":8"));
        };

    byte[] result = new ZipEntryPass().reduce(input, deflated::test);

    assertEquals(List.of("theme.txt:0:8", "icons/close.png:0:8", "x.c:0:8"), read(result));
    int centralDirectory = input.length - indexOf(input, "PK\1\2");
    int entries = NAMES.stream().mapToInt(name -> 30 + name.length() + 2 + 16).sum();
    assertEquals(entries + centralDirectory, result.length);
  }

  @Test
  void asksNothingOfAnInputWithoutALocalHeader() {
    byte[] notZip = "PK but no header here, only text".getBytes(US_ASCII);
    List<byte[]> asked = new ArrayList<>();

    assertSame(notZip, new ZipEntryPass().reduce(notZip, c -> asked.add(c)));
    assertEquals(0, asked.size());
  }

  private static int indexOf(byte[] data, String signature) {
    byte[] s = signature.getBytes(US_ASCII);
    outer:
    for (int i = 0; i + s.length <= data.length; i++) {
      for (int j = 0; j < s.length; j++) {
        if (data[i + j] != s[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
