package dev.whittle.jazzer.target;

import dev.whittle.jazzer.bytecode.runtime.CoverageRuntime;
import dev.whittle.jazzer.bytecode.runtime.ProbeCounters;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.SecureClassLoader;
import java.security.cert.Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.Manifest;

/**
 * Loads a fuzz test class again for Whittle's runs of it, through its {@link ClassRewriter}s as
 * {@link TargetClassLoader} does for standalone targets: with exits trapped its {@code
 * System.exit}, {@code Runtime.exit} and {@code Runtime.halt} calls are rewritten ({@link
 * ExitCallRewriter}) to end the run instead of the JVM; with coverage the classes the filter
 * selects get probes that count into this loader's {@link ProbeCounters}. The test framework's own
 * copy of the class, which its normal run uses, is left as it is.
 *
 * <p>The test class and the code it calls are defined here child-first, from the class files the
 * test's own loader shows ({@link ClassLoader#getResource}), whatever kind of loader that is
 * (Surefire's, Gradle's, an IDE's): nothing needs to know the class path. Asked of the test's
 * loader instead, and so not rewritten:
 *
 * <ul>
 *   <li>the JDK ({@code java.}, {@code javax.}, {@code jdk.}, {@code sun.}, {@code com.sun.}, and
 *       any class file the JDK's own modules hold);
 *   <li>Jazzer, JUnit, opentest4j and apiguardian: the types the test shares with its framework and
 *       with Whittle ({@code FuzzedDataProvider}, Jazzer's detectors' {@code JazzerInternal}, the
 *       lifecycle annotations, the assertion errors);
 *   <li>Whittle's own modules, by the class path entry they come from, so that the test's copy sees
 *       the same provider classes and annotations as Whittle;
 *   <li>a class whose class file the test's loader does not show (one defined at run time).
 * </ul>
 *
 * <p>Unnamed, as {@link TargetClassLoader} is, so that stack frames print as the framework's do and
 * the dedup token stays the one Jazzer reports.
 */
final class FuzzTestClassLoader extends SecureClassLoader
    implements CurrentRun.Owner, ProbeCounters.Owner {
  private static final List<String> SHARED_PREFIXES =
      List.of(
          "java.",
          "javax.",
          "jdk.",
          "sun.",
          "com.sun.",
          "com.code_intelligence.jazzer.",
          "org.junit.",
          "org.opentest4j.",
          "org.apiguardian.");

  /** What rewritten classes call, by exact name: always Whittle's own. */
  private static final Map<String, Class<?>> WHITTLE_OWN =
      Map.of(
          ExitTrap.class.getName(), ExitTrap.class,
          TargetExitRequest.class.getName(), TargetExitRequest.class,
          CoverageRuntime.class.getName(), CoverageRuntime.class);

  /**
   * Classes of each of Whittle's modules, by name: their class path entries are Whittle's. The
   * JUnit extension's is named, not referenced, as this module does not depend on it.
   */
  private static final List<String> WHITTLE_MODULE_CLASSES =
      List.of(
          "dev.whittle.api.Whittle",
          "dev.whittle.jazzer.api.CrashMinimizer",
          "dev.whittle.junit.WhittleExtension");

  static {
    registerAsParallelCapable();
  }

  private final ClassLoader testLoader;
  private final CurrentRun currentRun;
  private final List<ClassRewriter> rewriters;
  private final ProbeCounters probeCounters = new ProbeCounters();
  private final Set<String> whittleEntries;

  /** Manifests of the jars classes came from, for their packages; empty for none. */
  private final ClassPackages packages =
      new ClassPackages(
          this,
          (name, manifest, location) -> {
            if (manifest.isPresent()) {
              definePackage(name, manifest.get(), location);
            } else {
              definePackage(name, null, null, null, null, null, null, null);
            }
          });

  /**
   * @param testLoader the loader of the test class, whose class files this one reads
   * @param currentRun the runner's runs, which exits requested by this loader's classes on threads
   *     of their own are credited to
   * @param rewriters applied in order to every class this loader defines
   */
  FuzzTestClassLoader(
      ClassLoader testLoader, CurrentRun currentRun, List<ClassRewriter> rewriters) {
    super(testLoader);
    this.testLoader = testLoader;
    this.currentRun = currentRun;
    this.rewriters = List.copyOf(rewriters);
    this.whittleEntries = whittleEntries();
  }

  @Override
  public CurrentRun currentRun() {
    return currentRun;
  }

  /** The counters of the instrumented classes this loader defined; empty without coverage. */
  @Override
  public ProbeCounters probeCounters() {
    return probeCounters;
  }

  @Override
  protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
    Class<?> own = WHITTLE_OWN.get(name);
    if (own != null) {
      return own;
    }
    if (isShared(name)) {
      return testLoader.loadClass(name);
    }
    synchronized (getClassLoadingLock(name)) {
      Class<?> loaded = findLoadedClass(name);
      if (loaded == null) {
        String path = name.replace('.', '/').concat(".class");
        URL url = testLoader.getResource(path);
        loaded =
            url == null || isJdkOrWhittle(url, path)
                ? testLoader.loadClass(name)
                : defineRewritten(name, url, path);
      }
      if (resolve) {
        resolveClass(loaded);
      }
      return loaded;
    }
  }

  static boolean isShared(String className) {
    for (String prefix : SHARED_PREFIXES) {
      if (className.startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }

  /** A class file of the JDK's modules ({@code jrt:}), or of one of Whittle's modules. */
  private boolean isJdkOrWhittle(URL url, String path) {
    return url.getProtocol().equals("jrt")
        || whittleEntries.contains(entryKey(ClassPackages.codeSourceLocation(url, path)));
  }

  private Class<?> defineRewritten(String name, URL url, String path)
      throws ClassNotFoundException {
    byte[] classFile;
    // Through the test's loader, which reads its own jars as it always does; URL.openStream would
    // keep a jar open for the JVM's life.
    try (InputStream in = testLoader.getResourceAsStream(path)) {
      if (in == null) {
        throw new ClassNotFoundException(name);
      }
      classFile = in.readAllBytes();
      for (ClassRewriter rewriter : rewriters) {
        classFile = rewriter.rewrite(name, classFile);
      }
    } catch (IOException e) {
      throw new ClassNotFoundException(name, e);
    } catch (IllegalArgumentException e) {
      throw ClassPackages.cannotRewrite(url, e);
    }
    URL location = ClassPackages.codeSourceLocation(url, path);
    packages.defineFor(name, location);
    return defineClass(
        name, classFile, 0, classFile.length, new CodeSource(location, (Certificate[]) null));
  }

  /** {@link java.net.URLClassLoader#definePackage(String, Manifest, URL)}'s attributes. */
  private Package definePackage(String name, Manifest manifest, URL location) {
    java.util.jar.Attributes main = manifest.getMainAttributes();
    return definePackage(
        name,
        main.getValue(java.util.jar.Attributes.Name.SPECIFICATION_TITLE),
        main.getValue(java.util.jar.Attributes.Name.SPECIFICATION_VERSION),
        main.getValue(java.util.jar.Attributes.Name.SPECIFICATION_VENDOR),
        main.getValue(java.util.jar.Attributes.Name.IMPLEMENTATION_TITLE),
        main.getValue(java.util.jar.Attributes.Name.IMPLEMENTATION_VERSION),
        main.getValue(java.util.jar.Attributes.Name.IMPLEMENTATION_VENDOR),
        null);
  }

  /** The class path entries of Whittle's modules, as this JVM loaded them. */
  private static Set<String> whittleEntries() {
    List<String> entries = new ArrayList<>();
    ClassLoader whittle = FuzzTestClassLoader.class.getClassLoader();
    for (String name : WHITTLE_MODULE_CLASSES) {
      try {
        Class<?> type = Class.forName(name, false, whittle);
        CodeSource source = type.getProtectionDomain().getCodeSource();
        if (source != null && source.getLocation() != null) {
          entries.add(entryKey(source.getLocation()));
        }
      } catch (ClassNotFoundException | LinkageError e) {
        // That module is not on this class path (the JUnit extension, for the command line).
      }
    }
    return Set.copyOf(entries);
  }

  /** A class path entry, the same however its URL is spelled. */
  private static String entryKey(URL entry) {
    if (entry.getProtocol().equals("file")) {
      try {
        return Path.of(entry.toURI()).toAbsolutePath().normalize().toString();
      } catch (URISyntaxException | IllegalArgumentException e) {
        return entry.toString();
      }
    }
    return entry.toString();
  }
}
