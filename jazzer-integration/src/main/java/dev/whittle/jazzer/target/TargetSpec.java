package dev.whittle.jazzer.target;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.jazzer.api.FuzzTarget;
import dev.whittle.jazzer.api.FuzzedDataProviderFactory;
import dev.whittle.jazzer.api.TargetOptions;
import dev.whittle.jazzer.bytecode.analysis.CoverageFilter;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Where a fuzz target comes from and how it is called.
 *
 * @param className the fuzz target class
 * @param classPath what the target's loader reads first
 * @param parent the loader asked for everything else, and first for the JDK and Jazzer
 * @param dataProviders the provider factory for {@code FuzzedDataProvider} targets, or null for
 *     Whittle's pure-Java one
 * @param targetArgs the arguments for {@code fuzzerInitialize(String[])}
 * @param trapExits whether the target's {@code System.exit}, {@code Runtime.exit} and {@code
 *     Runtime.halt} end the run (rewritten as its classes are loaded) rather than the JVM
 * @param coverage which of the target's classes get coverage probes as they are loaded; null for
 *     none
 * @param checkAllocations whether the target's array allocations larger than the whole heap throw
 *     at once ({@link AllocationCheck}) rather than after the JVM has filled and collected its heap
 */
@API(status = INTERNAL, since = "0.1")
public record TargetSpec(
    String className,
    List<URL> classPath,
    ClassLoader parent,
    FuzzedDataProviderFactory dataProviders,
    List<String> targetArgs,
    boolean trapExits,
    CoverageFilter coverage,
    boolean checkAllocations) {
  public TargetSpec {
    checkNotNull(className, "className");
    classPath = List.copyOf(checkNotNull(classPath, "classPath"));
    checkNotNull(parent, "parent");
    targetArgs = List.copyOf(checkNotNull(targetArgs, "targetArgs"));
  }

  /** A spec without coverage probes, whose allocations are left to the JVM. */
  public TargetSpec(
      String className,
      List<URL> classPath,
      ClassLoader parent,
      FuzzedDataProviderFactory dataProviders,
      List<String> targetArgs,
      boolean trapExits) {
    this(className, classPath, parent, dataProviders, targetArgs, trapExits, null, false);
  }

  /** A spec whose target's exits are trapped. */
  public TargetSpec(
      String className,
      List<URL> classPath,
      ClassLoader parent,
      FuzzedDataProviderFactory dataProviders,
      List<String> targetArgs) {
    this(className, classPath, parent, dataProviders, targetArgs, true);
  }

  /** A target on {@code classPath} with Whittle's own loader as parent and no arguments. */
  public static TargetSpec of(String className, List<URL> classPath) {
    return new TargetSpec(className, classPath, TargetSpec.class.getClassLoader(), null, List.of());
  }

  /**
   * The spec of {@code options}' target, which MUST be one Whittle loads from its class path.
   *
   * @throws IllegalArgumentException if the target cannot be loaded again, or naming the class path
   *     entry that is no valid URL
   */
  public static TargetSpec of(TargetOptions options) {
    FuzzTarget target = options.target();
    checkArgument(target.canReload(), "%s is not loaded from a class path", target.className());
    return onClassPath(
        target.className(),
        target.classPath(),
        options.dataProviders(),
        options.targetArgs(),
        options.exitGuard());
  }

  /**
   * A target on {@code classPath} (directories and jars) with Whittle's own loader as parent.
   *
   * @throws IllegalArgumentException naming the class path entry that is no valid URL
   */
  public static TargetSpec onClassPath(
      String className,
      List<Path> classPath,
      FuzzedDataProviderFactory dataProviders,
      List<String> targetArgs,
      boolean trapExits) {
    return new TargetSpec(
        className,
        urlsOf(classPath),
        TargetSpec.class.getClassLoader(),
        dataProviders,
        targetArgs,
        trapExits);
  }

  private static List<URL> urlsOf(List<Path> classPath) {
    List<URL> urls = new ArrayList<>(classPath.size());
    for (Path entry : classPath) {
      try {
        urls.add(entry.toAbsolutePath().toUri().toURL());
      } catch (MalformedURLException e) {
        throw new IllegalArgumentException("class path entry is no valid URL: " + entry, e);
      }
    }
    return urls;
  }

  public TargetSpec withDataProviders(FuzzedDataProviderFactory factory) {
    return new TargetSpec(
        className, classPath, parent, factory, targetArgs, trapExits, coverage, checkAllocations);
  }

  public TargetSpec withParent(ClassLoader newParent) {
    return new TargetSpec(
        className,
        classPath,
        newParent,
        dataProviders,
        targetArgs,
        trapExits,
        coverage,
        checkAllocations);
  }

  /** A copy whose classes {@code filter} selects get coverage probes; null for none. */
  public TargetSpec withCoverage(CoverageFilter filter) {
    return new TargetSpec(
        className,
        classPath,
        parent,
        dataProviders,
        targetArgs,
        trapExits,
        filter,
        checkAllocations);
  }

  /** A copy whose array allocations larger than the heap throw at once, or not. */
  public TargetSpec withAllocationCheck(boolean check) {
    return new TargetSpec(
        className, classPath, parent, dataProviders, targetArgs, trapExits, coverage, check);
  }
}
