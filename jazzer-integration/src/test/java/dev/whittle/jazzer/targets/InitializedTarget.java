package dev.whittle.jazzer.targets;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * Throws when the input equals its first initialization argument, and notes its life cycle in
 * system properties (the test's copy of this class is not the target's), and as lines in the file
 * that the system property {@link #LOG} names, if set: a runner puts the system properties back
 * after each run, so a life cycle inside runs shows only there.
 */
public final class InitializedTarget {
  public static final String INITIALIZED = "whittle.test.initialized";
  public static final String TORN_DOWN = "whittle.test.tornDown";
  public static final String LOG = "whittle.test.lifecycleLog";
  private static String secret;

  private InitializedTarget() {}

  public static void fuzzerInitialize(String[] args) {
    secret = args[0];
    System.setProperty(INITIALIZED, Arrays.toString(args));
    log("initialized " + Arrays.toString(args));
  }

  public static void fuzzerInitialize() {
    throw new AssertionError("Jazzer prefers fuzzerInitialize(String[])");
  }

  public static void fuzzerTestOneInput(byte[] data) {
    if (new String(data, StandardCharsets.ISO_8859_1).equals(secret)) {
      throw new IllegalStateException("found the secret");
    }
  }

  public static void fuzzerTearDown() {
    System.setProperty(TORN_DOWN, "yes");
    log("torn down");
  }

  private static void log(String line) {
    String file = System.getProperty(LOG);
    if (file == null) {
      return;
    }
    try {
      Files.writeString(
          Path.of(file),
          line + "\n",
          StandardCharsets.UTF_8,
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
