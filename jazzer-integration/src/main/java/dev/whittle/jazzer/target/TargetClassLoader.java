package dev.whittle.jazzer.target;

import dev.whittle.jazzer.runtime.HookedClassLoader;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.List;

/**
 * Loads a fuzz target child-first from its class path, so that every instance starts from fresh
 * static state even when the same classes are also on the JVM's class path (as in tests).
 *
 * <p>The JDK's packages and Jazzer's ({@code com.code_intelligence.jazzer.}) are asked of the
 * parent first: the target MUST see the same {@code FuzzedDataProvider} interface and the same
 * {@code JazzerInternal} as Whittle, or providers will not cast and bug-detector findings will go
 * unseen.
 *
 * <p>The loader is deliberately unnamed: {@link StackTraceElement#toString()} prints a named
 * loader's name before each frame, which would change every dedup token.
 */
final class TargetClassLoader extends URLClassLoader implements HookedClassLoader {
  private static final List<String> PARENT_FIRST_PREFIXES =
      List.of("java.", "javax.", "jdk.", "sun.", "com.sun.", "com.code_intelligence.jazzer.");

  static {
    registerAsParallelCapable();
  }

  TargetClassLoader(List<URL> classPath, ClassLoader parent) {
    super(classPath.toArray(URL[]::new), parent);
  }

  @Override
  protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
    synchronized (getClassLoadingLock(name)) {
      Class<?> loaded = findLoadedClass(name);
      if (loaded == null) {
        loaded = isParentFirst(name) ? parentThenOwn(name) : ownThenParent(name);
      }
      if (resolve) {
        resolveClass(loaded);
      }
      return loaded;
    }
  }

  @Override
  public URL getResource(String name) {
    URL own = findResource(name);
    return own != null ? own : super.getResource(name);
  }

  static boolean isParentFirst(String className) {
    for (String prefix : PARENT_FIRST_PREFIXES) {
      if (className.startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }

  private Class<?> parentThenOwn(String name) throws ClassNotFoundException {
    try {
      return getParent().loadClass(name);
    } catch (ClassNotFoundException e) {
      return findClass(name);
    }
  }

  private Class<?> ownThenParent(String name) throws ClassNotFoundException {
    try {
      return findClass(name);
    } catch (ClassNotFoundException e) {
      return getParent().loadClass(name);
    }
  }
}
