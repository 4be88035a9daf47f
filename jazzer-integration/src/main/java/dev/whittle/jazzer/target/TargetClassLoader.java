package dev.whittle.jazzer.target;

import dev.whittle.jazzer.agent.HookedClassLoader;
import dev.whittle.jazzer.bytecode.runtime.CoverageRuntime;
import dev.whittle.jazzer.bytecode.runtime.ProbeCounters;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.security.CodeSource;
import java.security.cert.Certificate;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Loads a fuzz target child-first from its class path, so that every instance starts from fresh
 * static state even when the same classes are also on the JVM's class path (as in tests).
 *
 * <p>The JDK's packages and Jazzer's ({@code com.code_intelligence.jazzer.}) are asked of the
 * parent first: the target MUST see the same {@code FuzzedDataProvider} interface and the same
 * {@code JazzerInternal} as Whittle, or providers will not cast and bug-detector findings will go
 * unseen. The classes rewritten exit calls link against ({@link ExitTrap}, {@link
 * TargetExitRequest}) are always Whittle's own, whatever the class path and the parent hold: a
 * second copy would record exits where no run looks.
 *
 * <p>Every class this loader defines goes through its {@link ClassRewriter}s first, in order: with
 * exits trapped {@link ExitCallRewriter}, so that {@code System.exit}, {@code Runtime.exit} and
 * {@code Runtime.halt} end the run instead of the JVM; with coverage the probes of {@link
 * dev.whittle.jazzer.bytecode.instrumentation.CoverageInstrumenter}, which count into this loader's
 * {@link ProbeCounters} through {@link CoverageRuntime}, likewise always Whittle's own.
 *
 * <p>The loader is deliberately unnamed: {@link StackTraceElement#toString()} prints a named
 * loader's name before each frame, which would change every dedup token.
 */
final class TargetClassLoader extends URLClassLoader
    implements HookedClassLoader, ProbeCounters.Owner, CurrentRun.Owner {
  private static final List<String> PARENT_FIRST_PREFIXES =
      List.of("java.", "javax.", "jdk.", "sun.", "com.sun.", "com.code_intelligence.jazzer.");

  /** What rewritten classes call, by exact name; never loaded from the target's class path. */
  private static final Map<String, Class<?>> WHITTLE_OWN =
      Map.of(
          ExitTrap.class.getName(), ExitTrap.class,
          TargetExitRequest.class.getName(), TargetExitRequest.class,
          CoverageRuntime.class.getName(), CoverageRuntime.class,
          AllocationCheck.class.getName(), AllocationCheck.class);

  static {
    registerAsParallelCapable();
  }

  private final List<ClassRewriter> rewriters;
  private final CurrentRun currentRun;
  private final ProbeCounters probeCounters = new ProbeCounters();

  /** The class files of the runner's loaders, or null to read and rewrite each one here. */
  private final ClassFileCache classFiles;

  /** Manifests of the jars classes came from, for their packages; empty for none. */
  private final ClassPackages packages;

  /**
   * Whether {@link #close} was called: a closed loader reads nothing more from its class path, and
   * takes nothing more from {@link #classFiles} either, so that a target still running after its
   * run was abandoned fails to load classes as it would without the cache.
   */
  private volatile boolean closed;

  /**
   * @param currentRun the runner's runs, which exits requested by this loader's classes on threads
   *     of their own are credited to
   */
  TargetClassLoader(
      List<URL> classPath, ClassLoader parent, boolean trapExits, CurrentRun currentRun) {
    this(classPath, parent, ClassRewriter.forTarget(trapExits, null), currentRun, null);
  }

  /**
   * @param rewriters applied in order to every class this loader defines
   * @param classFiles the class files of other loaders over the same class path with the same
   *     rewriters, which this one defines its classes from and adds to; null for none
   */
  TargetClassLoader(
      List<URL> classPath,
      ClassLoader parent,
      List<ClassRewriter> rewriters,
      CurrentRun currentRun,
      ClassFileCache classFiles) {
    super(classPath.toArray(URL[]::new), parent);
    this.rewriters = List.copyOf(rewriters);
    this.currentRun = currentRun;
    this.classFiles = classFiles;
    ClassPackages.Definer definer =
        (name, manifest, location) -> {
          if (manifest.isPresent()) {
            definePackage(name, manifest.get(), location);
          } else {
            definePackage(name, null, null, null, null, null, null, null);
          }
        };
    this.packages =
        classFiles == null
            ? new ClassPackages(this, definer)
            : new ClassPackages(this, definer, classFiles.manifests());
  }

  /** The counters of the instrumented classes this loader defined; empty without coverage. */
  @Override
  public ProbeCounters probeCounters() {
    return probeCounters;
  }

  @Override
  public CurrentRun currentRun() {
    return currentRun;
  }

  @Override
  protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
    Class<?> own = WHITTLE_OWN.get(name);
    if (own != null) {
      return own;
    }
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

  @Override
  public void close() throws IOException {
    closed = true;
    super.close();
  }

  static boolean isParentFirst(String className) {
    for (String prefix : PARENT_FIRST_PREFIXES) {
      if (className.startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Defines {@code name} from this loader's class path as {@link URLClassLoader} would (same code
   * source, package with the jar's manifest), after its {@link ClassRewriter}s, from the runner's
   * {@link ClassFileCache} if it has one.
   */
  @Override
  protected Class<?> findClass(String name) throws ClassNotFoundException {
    if (rewriters.isEmpty() && classFiles == null) {
      return super.findClass(name);
    }
    ClassFileCache.ClassFile classFile =
        (classFiles == null || closed
                ? readAndRewrite(name)
                : classFiles.get(name, this::readAndRewrite))
            .orElseThrow(() -> new ClassNotFoundException(name));
    packages.defineFor(name, classFile.location());
    byte[] bytes = classFile.bytes();
    return defineClass(
        name, bytes, 0, bytes.length, new CodeSource(classFile.location(), (Certificate[]) null));
  }

  /** The class file of {@code name} on this loader's class path after its rewriters, or empty. */
  private Optional<ClassFileCache.ClassFile> readAndRewrite(String name)
      throws ClassNotFoundException {
    String path = name.replace('.', '/').concat(".class");
    URL url = findResource(path);
    if (url == null) {
      return Optional.empty();
    }
    byte[] classFile;
    // getResourceAsStream reads this loader's own copy first (see getResource), and closes the jar
    // it opens when the loader is closed; URL.openStream would keep it open for the JVM's life.
    try (InputStream in = getResourceAsStream(path)) {
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
    return Optional.of(
        new ClassFileCache.ClassFile(classFile, ClassPackages.codeSourceLocation(url, path)));
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
