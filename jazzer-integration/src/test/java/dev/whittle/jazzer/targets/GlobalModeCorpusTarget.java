package dev.whittle.jazzer.targets;

/**
 * Sets a system property on an input that contains "PROP", and takes one branch or the other by it:
 * in a fresh JVM an input without "PROP" covers the lenient branch, but in a JVM where an earlier
 * input set the property it covers the strict one.
 */
public final class GlobalModeCorpusTarget {
  public static final String PROPERTY = "whittle.test.corpus.strict";

  private static int sink;

  private GlobalModeCorpusTarget() {}

  public static void fuzzerTestOneInput(byte[] data) {
    if (Bytes.contains(data, "PROP")) {
      System.setProperty(PROPERTY, "true");
    }
    if (Boolean.getBoolean(PROPERTY)) {
      strict(data);
    } else {
      lenient(data);
    }
  }

  private static void strict(byte[] data) {
    sink += data.length * 3;
  }

  private static void lenient(byte[] data) {
    sink += data.length;
  }
}
