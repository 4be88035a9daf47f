package dev.whittle.jazzer.targets;

import java.time.ZoneId;
import java.util.TimeZone;

/**
 * Moves the JVM's default time zone to one a day away from UTC on an input that contains "TZ", and
 * throws whenever the default time zone is that one: a fresh JVM throws only on inputs with "TZ".
 */
public final class TimeZoneTarget {
  static final String ZONE = "Pacific/Kiritimati";

  private TimeZoneTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {
    if (Bytes.contains(data, "TZ")) {
      TimeZone.setDefault(TimeZone.getTimeZone(ZONE));
    }
    if (ZoneId.systemDefault().getId().equals(ZONE)) {
      throw new IllegalStateException("time-zone-sensitive bug");
    }
  }
}
