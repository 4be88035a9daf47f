package dev.whittle.jazzer.finding;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.jar.JarFile;
import org.apiguardian.api.API;

/** {@link ClassLocator}s over a class path or a class loader. */
@API(status = INTERNAL, since = "0.1")
public final class ClassLocations {
  private ClassLocations() {}

  /**
   * Looks in {@code classPath}'s directories and jars in order, as the target's loader does, then
   * asks {@code parent}: a class found there is named as coming from it, not from the class path.
   * Reads the files afresh each time, so that it holds no jar open.
   */
  public static ClassLocator over(List<URL> classPath, ClassLoader parent) {
    List<URL> entries = List.copyOf(classPath);
    return className -> {
      String resource = resourceOf(className);
      for (URL entry : entries) {
        Optional<Path> path = pathOf(entry);
        if (path.isPresent() && holds(path.get(), resource)) {
          return Optional.of(path.get().toString());
        }
      }
      return Optional.ofNullable(parent)
          .flatMap(loader -> Optional.ofNullable(loader.getResource(resource)))
          .map(url -> entryOf(url, resource) + ", outside the target's class path");
    };
  }

  /** Asks {@code loader} where it would find the class, as a jar or directory. */
  public static ClassLocator of(ClassLoader loader) {
    return className -> {
      String resource = resourceOf(className);
      URL url = loader == null ? null : loader.getResource(resource);
      if (url == null) {
        url = ClassLoader.getSystemResource(resource);
      }
      return Optional.ofNullable(url).map(found -> entryOf(found, resource));
    };
  }

  private static String resourceOf(String className) {
    return className.replace('.', '/') + ".class";
  }

  private static boolean holds(Path entry, String resource) {
    if (Files.isDirectory(entry)) {
      return Files.isRegularFile(entry.resolve(resource));
    }
    if (!Files.isRegularFile(entry)) {
      return false;
    }
    try (JarFile jar = new JarFile(entry.toFile())) {
      return jar.getJarEntry(resource) != null;
    } catch (IOException e) {
      return false; // Not a jar the loader could read either.
    }
  }

  /** The file or directory a class path entry's {@code file:} URL names; empty for any other. */
  public static Optional<Path> pathOf(URL entry) {
    try {
      return "file".equals(entry.getProtocol())
          ? Optional.of(Path.of(entry.toURI()))
          : Optional.empty();
    } catch (URISyntaxException | IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  /** The jar or directory of a class's resource URL, or the JDK's module. */
  private static String entryOf(URL url, String resource) {
    String text = url.toString();
    if (text.startsWith("jrt:")) {
      return "the JDK (" + text.substring(0, text.length() - resource.length() - 1) + ")";
    }
    if (text.startsWith("jar:") && text.contains("!/")) {
      text = text.substring("jar:".length(), text.indexOf("!/"));
    } else if (text.endsWith(resource)) {
      text = text.substring(0, text.length() - resource.length());
    }
    try {
      return Path.of(URI.create(text)).toString();
    } catch (RuntimeException e) {
      return text; // Not a file: the URL says where it is as well as anything.
    }
  }
}
