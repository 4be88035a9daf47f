package dev.whittle.jazzer.targets;

/**
 * Sets a system property on an input that contains "PROP", and throws whenever it is set: a fresh
 * JVM throws only on inputs with "PROP".
 */
public final class SystemPropertyTarget {
  static final String PROPERTY = "whittle.test.strict";

  private SystemPropertyTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {
    if (Bytes.contains(data, "PROP")) {
      System.setProperty(PROPERTY, "true");
    }
    if (Boolean.getBoolean(PROPERTY)) {
      throw new IllegalStateException("property-sensitive bug");
    }
  }
}
