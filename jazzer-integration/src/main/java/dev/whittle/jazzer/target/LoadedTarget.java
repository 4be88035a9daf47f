package dev.whittle.jazzer.target;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import dev.whittle.jazzer.agent.JazzerRuntime;
import dev.whittle.jazzer.api.FuzzTargetLoadException;
import dev.whittle.jazzer.api.FuzzedDataProviderFactory;
import dev.whittle.jazzer.bytecode.analysis.CoverageFilter;
import dev.whittle.jazzer.bytecode.runtime.ProbeCounters;
import dev.whittle.jazzer.fdp.ByteFuzzedDataProvider;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * One instance of a fuzz target: its class loader, its entry points, the Jazzer runtime it sees,
 * and the {@link RunBody} that runs it. Closing it closes the loader if it is the target's own;
 * call {@link #tearDownBody} first to give the target its {@code fuzzerTearDown}.
 */
final class LoadedTarget implements AutoCloseable {
  /**
   * The target's own {@link TargetClassLoader}, or the loader of a class loaded by someone else.
   */
  private final ClassLoader loader;

  /** Whether {@link #close} closes {@link #loader}: only a loader made by {@link #load}. */
  private final boolean ownsLoader;

  private final FuzzTargetClass target;
  private final JazzerRuntime runtime;
  private final FuzzedDataProviderFactory dataProviders;

  /**
   * Whether the initialization body got past the static initializer: when the body is stopped for
   * its time limit, this tells which step hung. Written on the worker thread, read on the caller's.
   */
  private volatile boolean staticallyInitialized;

  private LoadedTarget(
      ClassLoader loader,
      boolean ownsLoader,
      FuzzTargetClass target,
      JazzerRuntime runtime,
      FuzzedDataProviderFactory dataProviders) {
    this.loader = loader;
    this.ownsLoader = ownsLoader;
    this.target = target;
    this.runtime = runtime;
    this.dataProviders = dataProviders;
  }

  /**
   * Loads {@code className} in a fresh child-first loader over {@code classPath}.
   *
   * @param dataProviders the provider factory for {@code FuzzedDataProvider} targets, or null for
   *     Whittle's pure-Java one, which decodes bytes exactly as Jazzer's native one does
   * @param trapExits whether the target's exit calls are rewritten to end the run instead
   * @param checkAllocations whether array allocations larger than the heap throw at once ({@link
   *     AllocationCheck})
   * @param coverage which classes get coverage probes, or null for none
   * @param currentRun the runs of the runner that runs this target
   * @param classFiles the class files of the runner's earlier loaders over the same class path with
   *     the same settings, or null to read and rewrite every class file for this loader alone
   */
  static LoadedTarget load(
      String className,
      List<URL> classPath,
      ClassLoader parent,
      FuzzedDataProviderFactory dataProviders,
      boolean trapExits,
      boolean checkAllocations,
      CoverageFilter coverage,
      CurrentRun currentRun,
      ClassFileCache classFiles) {
    TargetClassLoader loader =
        new TargetClassLoader(
            classPath,
            parent,
            ClassRewriter.forTarget(trapExits, checkAllocations, coverage),
            currentRun,
            classFiles);
    try {
      FuzzTargetClass target;
      try {
        target = FuzzTargetClass.load(className, loader);
      } catch (FuzzTargetLoadException e) {
        if (!(e.getCause() instanceof ClassNotFoundException)) {
          throw e;
        }
        throw new FuzzTargetLoadException(
            e.targetClass(),
            e.getMessage()
                + MissingTargetClass.hints(FuzzTestMethodEntry.className(className), classPath),
            e.getCause());
      }
      return new LoadedTarget(
          loader,
          true,
          target,
          JazzerRuntime.visibleFrom(loader),
          factoryFor(target, dataProviders));
    } catch (RuntimeException | Error e) {
      closeQuietly(loader);
      throw e;
    }
  }

  /**
   * Wraps {@code targetClass}, loaded (and initialized, or not) by someone else, such as Jazzer's
   * driver in its own JVM: nothing is loaded again, and closing leaves the class's loader alone.
   */
  static LoadedTarget attach(Class<?> targetClass, FuzzedDataProviderFactory dataProviders) {
    FuzzTargetClass target = FuzzTargetClass.of(targetClass);
    ClassLoader loader =
        targetClass.getClassLoader() != null
            ? targetClass.getClassLoader()
            : ClassLoader.getSystemClassLoader();
    return new LoadedTarget(
        loader,
        false,
        target,
        JazzerRuntime.visibleFrom(loader),
        factoryFor(target, dataProviders));
  }

  private static FuzzedDataProviderFactory factoryFor(
      FuzzTargetClass target, FuzzedDataProviderFactory dataProviders) {
    return target.takesDataProvider()
        ? (dataProviders != null ? dataProviders : ByteFuzzedDataProvider::of)
        : null;
  }

  String className() {
    return target.targetClass().getName();
  }

  FuzzTargetClass target() {
    return target;
  }

  /** What a runner over this target reports, with {@code className} as the target's name. */
  TargetRunner.Entry entry(String className) {
    return new TargetRunner.Entry(
        className,
        target.inputKind(),
        target.shape(),
        runtime.isPresent(),
        target.structuredMethod().orElse(null));
  }

  /** The counters of the target's instrumented classes; empty for an attached target. */
  ProbeCounters probeCounters() {
    return loader instanceof ProbeCounters.Owner owner
        ? owner.probeCounters()
        : new ProbeCounters();
  }

  JazzerRuntime runtime() {
    return runtime;
  }

  /** The provider factory, or null for a {@code byte[]} target. */
  FuzzedDataProviderFactory dataProviders() {
    return dataProviders;
  }

  /**
   * Runs {@code fuzzerTestOneInput} once per call, with the Jazzer runtime's detectors armed. A
   * {@code FuzzedDataProvider} target gets {@code wrap}'s provider around the one the factory made
   * ({@link UnaryOperator#identity()} for that one itself, or a recording one); the factory's
   * provider is closed after the run. For a {@code byte[]} target {@code wrap} is not called.
   */
  RunBody runBody(UnaryOperator<FuzzedDataProvider> wrap) {
    return input -> runOnce(input, wrap);
  }

  private Throwable runOnce(byte[] input, UnaryOperator<FuzzedDataProvider> wrap) {
    Thread.currentThread().setContextClassLoader(loader);
    JazzerRuntime.Saved saved = runtime.begin();
    Throwable thrown = null;
    Object created = null;
    try {
      created = dataProviders == null ? input : dataProviders.create(input);
      Object argument = dataProviders == null ? input : wrap.apply((FuzzedDataProvider) created);
      target.entry().invokeExact(argument);
    } catch (Throwable t) {
      thrown = t;
    } finally {
      Throwable reported = runtime.end(saved);
      if (reported != null) {
        thrown = reported;
      }
      closeProvider(created);
    }
    return thrown;
  }

  /**
   * Runs the class's static initializer and then {@code fuzzerInitialize} (with {@code args} if it
   * takes them); the body returns what failed as an {@link InitializationFailure} naming the step.
   */
  RunBody initializeBody(List<String> args) {
    return ignored -> {
      Thread.currentThread().setContextClassLoader(loader);
      try {
        Class.forName(className(), true, loader);
      } catch (ClassNotFoundException | RuntimeException | Error e) {
        return new InitializationFailure(InitializationFailure.Step.STATIC_INITIALIZATION, e);
      }
      staticallyInitialized = true;
      if (target.initialize().isEmpty()) {
        return null;
      }
      try {
        Method init = target.initialize().get();
        if (init.getParameterCount() == 1) {
          init.invoke(null, (Object) args.toArray(String[]::new));
        } else {
          init.invoke(null);
        }
        return null;
      } catch (InvocationTargetException e) {
        return new InitializationFailure(
            InitializationFailure.Step.FUZZER_INITIALIZE, e.getCause());
      } catch (ReflectiveOperationException | RuntimeException | Error e) {
        return new InitializationFailure(InitializationFailure.Step.FUZZER_INITIALIZE, e);
      }
    };
  }

  /**
   * The step of {@link #initializeBody} that had not finished when it was stopped: the static
   * initializer, or else {@code fuzzerInitialize}.
   */
  InitializationFailure.Step unfinishedInitializationStep() {
    return staticallyInitialized
        ? InitializationFailure.Step.FUZZER_INITIALIZE
        : InitializationFailure.Step.STATIC_INITIALIZATION;
  }

  /** Runs {@code fuzzerTearDown}, if any; the body returns what it threw. */
  RunBody tearDownBody() {
    return ignored -> {
      if (target.tearDown().isEmpty()) {
        return null;
      }
      try {
        target.tearDown().get().invoke(null);
        return null;
      } catch (InvocationTargetException e) {
        return e.getCause();
      } catch (ReflectiveOperationException | RuntimeException | Error e) {
        return e;
      }
    };
  }

  private static void closeProvider(Object argument) {
    if (argument instanceof AutoCloseable closeable && !(argument instanceof byte[])) {
      try {
        closeable.close();
      } catch (Exception e) {
        // A provider that cannot close leaks native memory at worst; the run's result stands.
      }
    }
  }

  @Override
  public void close() {
    if (ownsLoader && loader instanceof URLClassLoader own) {
      closeQuietly(own);
    }
  }

  private static void closeQuietly(URLClassLoader loader) {
    try {
      loader.close();
    } catch (IOException e) {
      // Closing only releases open jar files; nothing to do about a failure.
    }
  }

  /** The load error for an initialization that called {@code System.exit} or the like. */
  static FuzzTargetLoadException initializationExited(String className, int status) {
    return new FuzzTargetLoadException(
        className,
        "the initialization of "
            + className
            + " (its static initializer or "
            + FuzzTargetClass.INITIALIZE
            + ") asked the JVM to exit with status "
            + status);
  }
}
