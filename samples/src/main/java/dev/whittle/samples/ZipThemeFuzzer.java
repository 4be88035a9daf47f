package dev.whittle.samples;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * Jazzer target over the JDK's own {@link ZipInputStream}: loads a theme pack (a ZIP of icons,
 * colour tables and a description) the way a desktop application would, keying every file by its
 * base name ({@code icons/close.png} becomes {@code close}).
 *
 * <p>Malformed archives are rejected: {@link IOException} (including {@code ZipException}), and
 * {@link IllegalArgumentException}, which {@code ZipInputStream} throws for a name that is not
 * valid UTF-8. The bug Jazzer finds: {@link #baseName} assumes every file name has an extension; a
 * name without a dot after its last slash throws {@link StringIndexOutOfBoundsException}.
 */
public final class ZipThemeFuzzer {
  /** Entries larger than this are skipped unread, as a loader of small theme files would. */
  static final int MAX_ENTRY_SIZE = 1 << 16;

  private ZipThemeFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    try {
      load(data);
    } catch (IOException | IllegalArgumentException e) {
      // A malformed archive: rejected, which is fine.
    }
  }

  /** The theme's files by base name, with their sizes. */
  static Map<String, Integer> load(byte[] data) throws IOException {
    Map<String, Integer> files = new LinkedHashMap<>();
    try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(data))) {
      ZipEntry entry;
      while ((entry = zip.getNextEntry()) != null) {
        if (entry.isDirectory()) {
          continue;
        }
        byte[] content = zip.readNBytes(MAX_ENTRY_SIZE);
        files.put(baseName(entry.getName()), content.length);
      }
    }
    return files;
  }

  /** {@code icons/close.png} -> {@code close}. The bug: a name without an extension. */
  static String baseName(String name) {
    return name.substring(name.lastIndexOf('/') + 1, name.lastIndexOf('.'));
  }
}
