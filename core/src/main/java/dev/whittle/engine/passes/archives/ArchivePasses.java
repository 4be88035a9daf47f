package dev.whittle.engine.passes.archives;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.Pass;
import org.apiguardian.api.API;

/**
 * Passes over archives: TAR and ZIP entries emptied or halved with their sizes, CRCs and checksums
 * rewritten. The family's catalogue: its passes are made here and nowhere else.
 */
@API(status = INTERNAL, since = "0.1")
public final class ArchivePasses {
  private ArchivePasses() {}

  /**
   * Empties or halves the data of TAR entries, rewriting their octal size fields and header
   * checksums (see {@code TarEntryPass}); skips inputs without a valid TAR header.
   */
  public static Pass<byte[]> tarEntries() {
    return new TarEntryPass();
  }

  /**
   * Empties ZIP archives' local entries (stored and empty, or an empty deflate stream), rewriting
   * method, CRC and sizes in the header or data descriptor (see {@code ZipEntryPass}).
   */
  public static Pass<byte[]> zipEntries() {
    return new ZipEntryPass();
  }
}
