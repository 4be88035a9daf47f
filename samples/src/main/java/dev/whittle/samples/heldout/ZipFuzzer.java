package dev.whittle.samples.heldout;

import java.io.IOException;
import java.io.InputStream;
import java.util.Enumeration;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;
import org.apache.commons.compress.utils.SeekableInMemoryByteChannel;

/**
 * Jazzer target over commons-compress 1.20's random-access ZIP reader ({@link ZipFile}, which reads
 * the central directory first): every entry's content read to the end. A malformed archive must
 * fail with {@link IOException} (a {@code ZipException} among them); commons-compress 1.20 also
 * throws unchecked exceptions and runs out of memory on crafted extra fields (CVE-2021-36090, fixed
 * in 1.21).
 */
public final class ZipFuzzer {
  private ZipFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    byte[] buffer = new byte[4096];
    try (ZipFile archive = new ZipFile(new SeekableInMemoryByteChannel(data))) {
      Enumeration<ZipArchiveEntry> entries = archive.getEntries();
      while (entries.hasMoreElements()) {
        ZipArchiveEntry entry = entries.nextElement();
        if (!archive.canReadEntryData(entry)) {
          continue;
        }
        try (InputStream in = archive.getInputStream(entry)) {
          while (in.read(buffer) >= 0) {
            // Reading is what decodes; the bytes themselves do not matter.
          }
        }
      }
    } catch (IOException e) {
      // The documented failure on a malformed archive.
    }
  }
}
