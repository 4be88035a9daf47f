package dev.whittle.jazzer.targets;

import java.util.Locale;

/**
 * Switches the JVM to Turkish on an input that contains "TR", and throws whenever lower-casing
 * depends on the locale (Turkish has a dotless i): after one such input every later run in the same
 * JVM throws, whatever its input, while a fresh JVM throws only on inputs with "TR".
 */
public final class TurkishLocaleTarget {
  private TurkishLocaleTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {
    if (Bytes.contains(data, "TR")) {
      Locale.setDefault(Locale.forLanguageTag("tr"));
    }
    if (!"TITLE".toLowerCase().equals("title")) {
      throw new IllegalStateException("locale-sensitive bug");
    }
  }
}
