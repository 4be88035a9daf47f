package dev.whittle.samples.heldout;

import java.io.IOException;
import org.apache.commons.compress.archivers.sevenz.SevenZArchiveEntry;
import org.apache.commons.compress.archivers.sevenz.SevenZFile;
import org.apache.commons.compress.utils.SeekableInMemoryByteChannel;

/**
 * Jazzer target over commons-compress 1.20's 7z reader: every entry's content read to the end. A
 * malformed archive must fail with {@link IOException}; commons-compress 1.20 instead runs out of
 * memory on some headers (CVE-2021-35516, fixed in 1.21).
 */
public final class SevenZFuzzer {
  private SevenZFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    byte[] buffer = new byte[4096];
    try (SevenZFile archive = new SevenZFile(new SeekableInMemoryByteChannel(data))) {
      SevenZArchiveEntry entry;
      while ((entry = archive.getNextEntry()) != null) {
        if (entry.hasStream()) {
          while (archive.read(buffer) >= 0) {
            // Reading is what decodes; the bytes themselves do not matter.
          }
        }
      }
    } catch (IOException e) {
      // The documented failure on a malformed archive.
    }
  }
}
