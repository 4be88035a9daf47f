package dev.whittle.junit;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;

/**
 * Loads the fixture classes afresh and hides one of them, as a test class path without the jar that
 * holds it would: loading it fails and its class file is not there. Everything outside the
 * fixtures' package, JUnit, Jazzer and Whittle among it, comes from the parent. Unnamed, so that
 * stack frames print as the parent's do.
 */
final class HidingClassLoader extends ClassLoader {
  private static final String FIXTURES = "dev.whittle.junit.fixtures.";

  private final String hidden;

  HidingClassLoader(ClassLoader parent, String hidden) {
    super(parent);
    this.hidden = hidden;
  }

  @Override
  protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
    if (name.equals(hidden)) {
      throw new ClassNotFoundException(name);
    }
    if (!name.startsWith(FIXTURES)) {
      return super.loadClass(name, resolve);
    }
    synchronized (getClassLoadingLock(name)) {
      Class<?> loaded = findLoadedClass(name);
      if (loaded == null) {
        try (InputStream in = getParent().getResourceAsStream(classFile(name))) {
          if (in == null) {
            throw new ClassNotFoundException(name);
          }
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
    return name.equals(classFile(hidden)) ? null : super.getResource(name);
  }

  private static String classFile(String className) {
    return className.replace('.', '/') + ".class";
  }
}
