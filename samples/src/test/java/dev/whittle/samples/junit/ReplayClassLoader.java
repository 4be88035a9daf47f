package dev.whittle.samples.junit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Loads the fuzz sample classes of this package afresh and shows them a resources root of the
 * test's choosing, so that plain jazzer-junit replays the Inputs directories of a temporary copy
 * (with the files Whittle wrote) instead of the class path copy: the repository stays untouched.
 * Everything else, Jazzer and JUnit among it, comes from the parent.
 */
final class ReplayClassLoader extends ClassLoader {
  private static final String PACKAGE = "dev.whittle.samples.junit.";
  private static final String RESOURCES = PACKAGE.replace('.', '/');

  private final Path classes;
  private final Path resourcesRoot;

  /**
   * @param classes the directory the sample classes are compiled to
   * @param resourcesRoot where {@code dev/whittle/samples/junit/<Class>Inputs} are looked up
   */
  ReplayClassLoader(Path classes, Path resourcesRoot, ClassLoader parent) {
    // Unnamed: a named loader would prefix every frame's toString(), and so the token, with it.
    super(parent);
    this.classes = classes;
    this.resourcesRoot = resourcesRoot;
  }

  @Override
  protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
    if (!name.startsWith(PACKAGE) || !name.contains("FuzzSample")) {
      return super.loadClass(name, resolve);
    }
    synchronized (getClassLoadingLock(name)) {
      Class<?> loaded = findLoadedClass(name);
      if (loaded == null) {
        Path file = classes.resolve(name.replace('.', '/') + ".class");
        try (InputStream in = Files.newInputStream(file)) {
          byte[] bytes = in.readAllBytes();
          loaded = defineClass(name, bytes, 0, bytes.length);
        } catch (IOException e) {
          throw new ClassNotFoundException(name, e);
        }
      }
      if (resolve) {
        resolveClass(loaded);
      }
      return loaded;
    }
  }

  @Override
  public URL getResource(String name) {
    if (!name.startsWith(RESOURCES) || !name.contains("Inputs")) {
      return super.getResource(name);
    }
    Path file = resourcesRoot.resolve(name);
    if (!Files.exists(file)) {
      return null;
    }
    try {
      return file.toUri().toURL();
    } catch (MalformedURLException e) {
      throw new UncheckedIOException(e);
    }
  }
}
