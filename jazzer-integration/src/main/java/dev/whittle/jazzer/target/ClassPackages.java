package dev.whittle.jazzer.target;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * The packages of the classes a rewriting loader defines itself, defined as {@link
 * java.net.URLClassLoader} would: once per package, with the attributes of its jar's manifest (read
 * once per jar). Shared by {@link TargetClassLoader} and {@link FuzzTestClassLoader}, which define
 * rewritten class files and so must define their packages too.
 */
final class ClassPackages {
  /**
   * The loader's own {@code definePackage}, which is protected: with the manifest's attributes when
   * there is one, without any otherwise.
   */
  interface Definer {
    void define(String packageName, Optional<Manifest> manifest, URL location);
  }

  private final ClassLoader loader;
  private final Definer definer;
  private final Map<String, Optional<Manifest>> manifests;

  ClassPackages(ClassLoader loader, Definer definer) {
    this(loader, definer, new ConcurrentHashMap<>());
  }

  /**
   * @param manifests the manifests read so far by jar URL, shared with other loaders over the same
   *     class path ({@link ClassFileCache#manifests()}); MUST be thread-safe
   */
  ClassPackages(ClassLoader loader, Definer definer, Map<String, Optional<Manifest>> manifests) {
    this.loader = loader;
    this.definer = definer;
    this.manifests = manifests;
  }

  /** Defines the package of {@code className}, found in the class path entry {@code location}. */
  void defineFor(String className, URL location) {
    int dot = className.lastIndexOf('.');
    if (dot < 0) {
      return;
    }
    String packageName = className.substring(0, dot);
    if (loader.getDefinedPackage(packageName) != null) {
      return;
    }
    Optional<Manifest> manifest =
        location.getPath().endsWith(".jar")
            ? manifests.computeIfAbsent(location.toString(), ignored -> manifestOf(location))
            : Optional.empty();
    try {
      definer.define(packageName, manifest, location);
    } catch (IllegalArgumentException definedMeanwhile) {
      // Another thread defined it first: same package.
    }
  }

  private static Optional<Manifest> manifestOf(URL jar) {
    try (JarFile file = new JarFile(Path.of(jar.toURI()).toFile())) {
      return Optional.ofNullable(file.getManifest());
    } catch (IOException | URISyntaxException | IllegalArgumentException e) {
      return Optional.empty(); // Packages without manifest attributes, as for a directory.
    }
  }

  /** The class path entry {@code url} (of resource {@code path}) was found in. */
  static URL codeSourceLocation(URL url, String path) {
    String text = url.toString();
    try {
      if (text.startsWith("jar:")) {
        int separator = text.lastIndexOf("!/");
        return URI.create(text.substring("jar:".length(), separator)).toURL();
      }
      if (text.endsWith(path)) {
        return URI.create(text.substring(0, text.length() - path.length())).toURL();
      }
      return url;
    } catch (MalformedURLException | IllegalArgumentException e) {
      return url;
    }
  }

  /**
   * The error for a class file ASM cannot read (a version newer than it knows, or garbage). Not a
   * {@code ClassNotFoundException}: another loader might then define the class unrewritten, with
   * its exits intact.
   */
  static ClassFormatError cannotRewrite(URL url, IllegalArgumentException e) {
    ClassFormatError error = new ClassFormatError("cannot rewrite " + url + ": " + e.getMessage());
    error.initCause(e);
    return error;
  }
}
