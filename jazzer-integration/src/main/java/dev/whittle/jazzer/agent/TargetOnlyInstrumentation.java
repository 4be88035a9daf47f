package dev.whittle.jazzer.agent;

import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.ClassDefinition;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.IllegalClassFormatException;
import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.security.ProtectionDomain;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarFile;

/**
 * The {@link Instrumentation} handed to Jazzer's agent: the JVM's, except that every transformer
 * Jazzer adds only sees
 *
 * <ul>
 *   <li>classes defined by a {@link HookedClassLoader} (the fuzz targets and their libraries, of
 *       every minimization in this JVM, not Whittle's own classes), and
 *   <li>classes of the boot and platform loaders, which Jazzer filters further to the JDK classes
 *       its hooks name ({@code additionalClassesToHook}, such as {@code java.lang.ProcessBuilder}).
 * </ul>
 *
 * <p>And when Jazzer retransforms an already loaded boot class, it gets the class file from the
 * class's module instead of the buffer the JVM passes (which lacks stack map frames, JDK-8299798):
 * Jazzer's own workaround scans every JDK module with ClassGraph for each such class, seconds
 * apiece; reading the one resource gives it the same bytes.
 */
final class TargetOnlyInstrumentation implements Instrumentation {
  private final Instrumentation delegate;
  private final Map<ClassFileTransformer, ClassFileTransformer> wrappers = new IdentityHashMap<>();

  TargetOnlyInstrumentation(Instrumentation delegate) {
    this.delegate = delegate;
  }

  @Override
  public synchronized void addTransformer(
      ClassFileTransformer transformer, boolean canRetransform) {
    ClassFileTransformer wrapper = new TargetOnlyTransformer(transformer);
    wrappers.put(transformer, wrapper);
    delegate.addTransformer(wrapper, canRetransform);
  }

  @Override
  public synchronized void addTransformer(ClassFileTransformer transformer) {
    addTransformer(transformer, false);
  }

  @Override
  public synchronized boolean removeTransformer(ClassFileTransformer transformer) {
    ClassFileTransformer wrapper = wrappers.remove(transformer);
    return wrapper != null && delegate.removeTransformer(wrapper);
  }

  @Override
  public boolean isRetransformClassesSupported() {
    return delegate.isRetransformClassesSupported();
  }

  @Override
  public void retransformClasses(Class<?>... classes) throws UnmodifiableClassException {
    delegate.retransformClasses(classes);
  }

  @Override
  public boolean isRedefineClassesSupported() {
    return delegate.isRedefineClassesSupported();
  }

  @Override
  public void redefineClasses(ClassDefinition... definitions)
      throws ClassNotFoundException, UnmodifiableClassException {
    delegate.redefineClasses(definitions);
  }

  @Override
  public boolean isModifiableClass(Class<?> theClass) {
    return delegate.isModifiableClass(theClass);
  }

  /**
   * Only the classes Jazzer's transformer would see: Jazzer retransforms every loaded class its
   * name filters take, Whittle's own (Guava, picocli) among them, for nothing.
   */
  @Override
  @SuppressWarnings("rawtypes")
  public Class[] getAllLoadedClasses() {
    return Arrays.stream(delegate.getAllLoadedClasses())
        .filter(c -> isInstrumented(c.getClassLoader()))
        .toArray(Class[]::new);
  }

  @Override
  @SuppressWarnings("rawtypes")
  public Class[] getInitiatedClasses(ClassLoader loader) {
    return delegate.getInitiatedClasses(loader);
  }

  @Override
  public long getObjectSize(Object objectToSize) {
    return delegate.getObjectSize(objectToSize);
  }

  @Override
  public void appendToBootstrapClassLoaderSearch(JarFile jarfile) {
    delegate.appendToBootstrapClassLoaderSearch(jarfile);
  }

  @Override
  public void appendToSystemClassLoaderSearch(JarFile jarfile) {
    delegate.appendToSystemClassLoaderSearch(jarfile);
  }

  @Override
  public boolean isNativeMethodPrefixSupported() {
    return delegate.isNativeMethodPrefixSupported();
  }

  @Override
  public void setNativeMethodPrefix(ClassFileTransformer transformer, String prefix) {
    ClassFileTransformer wrapper;
    synchronized (this) {
      wrapper = wrappers.getOrDefault(transformer, transformer);
    }
    delegate.setNativeMethodPrefix(wrapper, prefix);
  }

  @Override
  public void redefineModule(
      Module module,
      Set<Module> extraReads,
      Map<String, Set<Module>> extraExports,
      Map<String, Set<Module>> extraOpens,
      Set<Class<?>> extraUses,
      Map<Class<?>, List<Class<?>>> extraProvides) {
    delegate.redefineModule(module, extraReads, extraExports, extraOpens, extraUses, extraProvides);
  }

  @Override
  public boolean isModifiableModule(Module module) {
    return delegate.isModifiableModule(module);
  }

  /** Whether Jazzer's transformer gets to see a class of {@code loader} at all. */
  static boolean isInstrumented(ClassLoader loader) {
    return loader == null
        || loader == ClassLoader.getPlatformClassLoader()
        || loader instanceof HookedClassLoader;
  }

  private static final class TargetOnlyTransformer implements ClassFileTransformer {
    private final ClassFileTransformer jazzer;

    TargetOnlyTransformer(ClassFileTransformer jazzer) {
      this.jazzer = jazzer;
    }

    @Override
    public byte[] transform(
        Module module,
        ClassLoader loader,
        String className,
        Class<?> classBeingRedefined,
        ProtectionDomain protectionDomain,
        byte[] classfileBuffer)
        throws IllegalClassFormatException {
      if (className == null || !isInstrumented(loader)) {
        return null;
      }
      try {
        return transformWithJazzer(
            module, loader, className, classBeingRedefined, protectionDomain, classfileBuffer);
      } catch (StackOverflowError overflow) {
        // The JVM drops whatever a transformer throws; the run must still see the overflow.
        SwallowedOverflows.record(overflow);
        throw overflow;
      }
    }

    private byte[] transformWithJazzer(
        Module module,
        ClassLoader loader,
        String className,
        Class<?> classBeingRedefined,
        ProtectionDomain protectionDomain,
        byte[] classfileBuffer)
        throws IllegalClassFormatException {
      if (loader == null && classBeingRedefined != null && module != null) {
        byte[] original = classFile(module, className);
        if (original != null) {
          // Without classBeingRedefined, Jazzer takes the buffer as it is.
          return jazzer.transform(module, null, className, null, protectionDomain, original);
        }
      }
      return jazzer.transform(
          module, loader, className, classBeingRedefined, protectionDomain, classfileBuffer);
    }

    private static byte[] classFile(Module module, String internalName) {
      try (InputStream in = module.getResourceAsStream(internalName + ".class")) {
        return in == null ? null : in.readAllBytes();
      } catch (IOException e) {
        return null;
      }
    }
  }
}
