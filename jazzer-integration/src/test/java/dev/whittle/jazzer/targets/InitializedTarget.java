package dev.whittle.jazzer.targets;

import java.util.Arrays;

/**
 * Throws when the input equals its first initialization argument, and notes its life cycle in
 * system properties (the test's copy of this class is not the target's).
 */
public final class InitializedTarget {
  public static final String INITIALIZED = "whittle.test.initialized";
  public static final String TORN_DOWN = "whittle.test.tornDown";
  private static String secret;

  private InitializedTarget() {}

  public static void fuzzerInitialize(String[] args) {
    secret = args[0];
    System.setProperty(INITIALIZED, Arrays.toString(args));
  }

  public static void fuzzerInitialize() {
    throw new AssertionError("Jazzer prefers fuzzerInitialize(String[])");
  }

  public static void fuzzerTestOneInput(byte[] data) {
    if (new String(data, java.nio.charset.StandardCharsets.ISO_8859_1).equals(secret)) {
      throw new IllegalStateException("found the secret");
    }
  }

  public static void fuzzerTearDown() {
    System.setProperty(TORN_DOWN, "yes");
  }
}
