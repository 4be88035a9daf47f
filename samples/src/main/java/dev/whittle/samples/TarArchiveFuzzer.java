package dev.whittle.samples;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Jazzer target over {@link TarArchive}: unpacks an application bundle and reads the settings of
 * every {@code .conf} file in it ({@code key=value} lines), as a deployment tool would.
 *
 * <p>Malformed archives are rejected with {@link TarArchive.FormatException}, malformed numbers
 * fall back to defaults. The bug Jazzer finds: the retry delay is looked up with {@code
 * Math.min(retries, BACKOFF_MILLIS.length)}, an off-by-one that a {@code retries} of 8 or more
 * turns into {@link ArrayIndexOutOfBoundsException}.
 */
public final class TarArchiveFuzzer {
  static final long[] BACKOFF_MILLIS = {100, 200, 400, 800, 1_600, 3_200, 6_400, 12_800};

  private TarArchiveFuzzer() {}

  public static void fuzzerTestOneInput(byte[] data) {
    try {
      for (TarArchive.Entry entry : TarArchive.read(data)) {
        if (entry.type() == '0' && entry.name().endsWith(".conf")) {
          configure(settings(entry.data()));
        }
      }
    } catch (TarArchive.FormatException e) {
      // A malformed archive: rejected, which is fine.
    }
  }

  static Map<String, String> settings(byte[] conf) {
    Map<String, String> settings = new HashMap<>();
    for (String line : new String(conf, StandardCharsets.UTF_8).split("\n")) {
      int eq = line.indexOf('=');
      if (eq > 0 && !line.startsWith("#")) {
        settings.put(line.substring(0, eq).trim(), line.substring(eq + 1).trim());
      }
    }
    return settings;
  }

  /** The first retry's delay in milliseconds. */
  static long configure(Map<String, String> settings) {
    int retries;
    try {
      retries = Integer.parseInt(settings.getOrDefault("retries", "3"));
    } catch (NumberFormatException e) {
      retries = 3;
    }
    if (retries <= 0) {
      return 0;
    }
    return BACKOFF_MILLIS[Math.min(retries, BACKOFF_MILLIS.length)]; // the bug: length - 1
  }
}
