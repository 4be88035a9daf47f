package dev.whittle.samples.heldout;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;

/**
 * Jazzer target over commons-compress 1.20's TAR reader (GNU, PAX and sparse headers): every
 * entry's content read to the end. A malformed archive must fail with {@link IOException};
 * commons-compress 1.20 also throws unchecked exceptions and runs out of memory on crafted PAX and
 * sparse headers (CVE-2021-35517, fixed in 1.21).
 */
public final class TarFuzzer {
  private TarFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    byte[] buffer = new byte[4096];
    try (TarArchiveInputStream archive =
        new TarArchiveInputStream(new ByteArrayInputStream(data))) {
      TarArchiveEntry entry;
      while ((entry = archive.getNextTarEntry()) != null) {
        entry.getName();
        while (archive.read(buffer) >= 0) {
          // Reading is what decodes; the bytes themselves do not matter.
        }
      }
    } catch (IOException e) {
      // The documented failure on a malformed archive.
    }
  }
}
