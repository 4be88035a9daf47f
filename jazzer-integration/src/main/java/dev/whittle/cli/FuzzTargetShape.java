package dev.whittle.cli;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What a reproducer needs to know about a fuzz target's entry points, found as Jazzer's standalone
 * driver finds them (public static methods only): whether {@code fuzzerTestOneInput} takes a {@code
 * FuzzedDataProvider}, which {@code fuzzerInitialize} there is, whether there is a {@code
 * fuzzerTearDown}.
 */
record FuzzTargetShape(
    String className, boolean takesDataProvider, Initialize initialize, boolean hasTearDown) {
  /** The {@code fuzzerInitialize} a target has, if any. */
  enum Initialize {
    NONE,
    NO_ARGS,
    WITH_ARGS
  }

  /**
   * Inspects {@code className} on {@code classPath} without initializing it. Called only after a
   * minimization loaded the same class, so failing here is a surprise.
   */
  static FuzzTargetShape inspect(String className, List<Path> classPath) {
    // Parent-first: the target must see the same FuzzedDataProvider interface as this class does.
    try (URLClassLoader loader =
        new URLClassLoader(urls(classPath), FuzzTargetShape.class.getClassLoader())) {
      return of(Class.forName(className, false, loader));
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(className + " was minimized but cannot be inspected", e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Inspects {@code target}, already loaded. */
  static FuzzTargetShape of(Class<?> target) {
    String className = target.getName();
    Initialize initialize =
        publicStatic(target, "fuzzerInitialize", String[].class).isPresent()
            ? Initialize.WITH_ARGS
            : publicStatic(target, "fuzzerInitialize").isPresent()
                ? Initialize.NO_ARGS
                : Initialize.NONE;
    return new FuzzTargetShape(
        className,
        publicStatic(target, "fuzzerTestOneInput", FuzzedDataProvider.class).isPresent(),
        initialize,
        publicStatic(target, "fuzzerTearDown").isPresent());
  }

  /** The name to write in Java source: nested classes with dots. */
  String sourceName() {
    return className.replace('$', '.');
  }

  private static Optional<Method> publicStatic(Class<?> type, String name, Class<?>... params) {
    try {
      Method method = type.getMethod(name, params);
      int modifiers = method.getModifiers();
      return Modifier.isStatic(modifiers) && Modifier.isPublic(modifiers)
          ? Optional.of(method)
          : Optional.empty();
    } catch (NoSuchMethodException e) {
      return Optional.empty();
    }
  }

  private static URL[] urls(List<Path> classPath) {
    URL[] urls = new URL[classPath.size()];
    for (int i = 0; i < urls.length; i++) {
      try {
        urls[i] = classPath.get(i).toAbsolutePath().toUri().toURL();
      } catch (MalformedURLException e) {
        throw new IllegalArgumentException("class path entry is no valid URL: " + classPath.get(i));
      }
    }
    return urls;
  }
}
