package dev.whittle.jazzer.targets;

import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.List;

/** Where the test targets live: the test classes directory, read again by each target loader. */
public final class TargetPaths {
  private TargetPaths() {}

  public static List<Path> classPath() {
    return List.of(codeSourceOf(TargetPaths.class));
  }

  public static List<URL> classPathUrls() {
    try {
      return List.of(codeSourceOf(TargetPaths.class).toUri().toURL());
    } catch (MalformedURLException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The directory or jar {@code type} was loaded from. */
  public static Path codeSourceOf(Class<?> type) {
    try {
      return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
