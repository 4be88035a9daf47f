package dev.whittle.jazzer.target;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import dev.whittle.jazzer.agent.JazzerRuntime;
import dev.whittle.jazzer.api.FuzzTargetLoadException;
import dev.whittle.jazzer.api.FuzzTargetShape;
import dev.whittle.jazzer.api.FuzzTestLifecycle;
import dev.whittle.jazzer.api.FuzzedDataProviderFactory;
import dev.whittle.jazzer.bytecode.analysis.CoverageFilter;
import dev.whittle.jazzer.bytecode.runtime.ProbeCounters;
import dev.whittle.jazzer.finding.DedupToken;
import dev.whittle.jazzer.finding.FindingClassifier;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.function.UnaryOperator;

/**
 * The lifecycle of a fuzz test method (a JUnit {@code @FuzzTest}), as Jazzer's regression mode runs
 * one invocation: the bytes decoded into arguments ({@link FuzzTestArguments}), an instance set up
 * by the caller's {@link FuzzTestLifecycle}, the call with Jazzer's bug detectors armed around it
 * alone ({@link JazzerRuntime}), the tear-down. The finding's identity is Jazzer's dedup token cut
 * at the test method's frame.
 *
 * <p>With exits trapped, the test class is loaded again in a {@link FuzzTestClassLoader}, with the
 * exit calls of the test and of the code it calls rewritten, so that {@code System.exit}, {@code
 * Runtime.exit} and {@code Runtime.halt} end the run as an exit finding instead of the JVM; the
 * copy is initialized and set up ({@link FuzzTestLifecycle#beforeAll}) when the runner opens and
 * torn down when it closes. With coverage the copy's classes that the filter selects also get
 * probes, counted per run into the copy's loader. Without either, the framework's own class runs,
 * and an exit ends the JVM.
 */
final class TestMethodLifecycle implements Lifecycle {
  private final Class<?> testClass;
  private final Method method;
  private final FuzzTestLifecycle lifecycle;
  private final FuzzTestArguments arguments;
  private final JazzerRuntime runtime;

  /** The counters of the copy's instrumented classes; null without coverage. */
  private final ProbeCounters probeCounters;

  private boolean setUp;

  private TestMethodLifecycle(
      Class<?> testClass,
      Method method,
      FuzzTestLifecycle lifecycle,
      FuzzTestArguments arguments,
      ProbeCounters probeCounters) {
    this.testClass = testClass;
    this.method = method;
    this.lifecycle = lifecycle;
    this.arguments = arguments;
    this.probeCounters = probeCounters;
    this.runtime = JazzerRuntime.visibleFrom(loaderOf(method));
  }

  /**
   * See {@link TargetRunner#openTestMethod}; with {@code coverage} (null for none) the runs count
   * coverage on Whittle's copy of the class, whatever {@code trapExits} says.
   */
  static TargetRunner open(
      Class<?> testClass,
      Method method,
      FuzzTestLifecycle lifecycle,
      FuzzedDataProviderFactory dataProviders,
      Duration runTimeout,
      boolean trapExits,
      CoverageFilter coverage,
      long workerStackBytes) {
    RunWatchdog watchdog = new RunWatchdog(runTimeout, workerStackBytes);
    try {
      Class<?> runClass = testClass;
      Method runMethod = method;
      ProbeCounters counters = null;
      if (trapExits || coverage != null) {
        FuzzTestClassLoader loader =
            new FuzzTestClassLoader(
                loaderOf(method),
                watchdog.currentRun(),
                ClassRewriter.forTarget(trapExits, coverage));
        runClass = FuzzTestCopy.loadClass(testClass, loader);
        runMethod = FuzzTestCopy.method(method, runClass, loader);
        counters = coverage != null ? loader.probeCounters() : null;
      }
      accessible(runMethod);
      TestMethodLifecycle test =
          new TestMethodLifecycle(
              runClass,
              runMethod,
              lifecycle,
              FuzzTestArguments.forMethod(runMethod, dataProviders),
              counters);
      TargetRunner runner = new TargetRunner(test, watchdog, test.classifier(), test.entry());
      test.setUpClass(watchdog);
      return runner;
    } catch (RuntimeException | Error e) {
      watchdog.close();
      throw e;
    }
  }

  private static void accessible(Method method) {
    try {
      method.setAccessible(true); // Test methods and classes are often package-private.
    } catch (RuntimeException e) {
      throw new FuzzTargetLoadException(
          method.getDeclaringClass().getName(), "cannot call " + method + ": " + e, e);
    }
  }

  private FindingClassifier classifier() {
    String declaring = method.getDeclaringClass().getName();
    return new FindingClassifier(
        new DedupToken(
            declaring,
            method.getName(),
            ProviderFrames.internalPrefixes(declaring, arguments.providers())));
  }

  private TargetRunner.Entry entry() {
    String declaring = method.getDeclaringClass().getName();
    return new TargetRunner.Entry(
        declaring,
        arguments.kind(),
        new FuzzTargetShape(
            declaring,
            arguments.kind() == TargetRunner.InputKind.FUZZED_DATA_PROVIDER,
            FuzzTargetShape.Initialize.NONE,
            false),
        runtime.isPresent(),
        method);
  }

  /**
   * Initializes the test class and has the lifecycle set it up, on the watchdog's worker: a copy's
   * static initializer and class set-up may exit or hang like any run.
   */
  private void setUpClass(RunWatchdog watchdog) {
    RunWatchdog.RawRun init =
        watchdog.runAtLeast(
            ignored -> FuzzTestCopy.initialize(testClass, lifecycle),
            new byte[0],
            TargetRunner.INITIALIZE_TIMEOUT);
    FuzzTestCopy.checkInitialized(testClass, init);
    setUp = true;
  }

  @Override
  public RunWatchdog.RawRun run(
      RunWatchdog watchdog, byte[] input, UnaryOperator<FuzzedDataProvider> wrap) {
    return watchdog.run(candidate -> runOnce(candidate, wrap), input);
  }

  /**
   * One invocation. Only what the test method itself throws (or a detector reports during it) is a
   * finding, as only the call goes through Jazzer's interceptor: bytes the mutation framework
   * refuses, a failing set-up and a failing tear-down are not.
   */
  private Throwable runOnce(byte[] input, UnaryOperator<FuzzedDataProvider> wrap) {
    Thread.currentThread().setContextClassLoader(loaderOf(method));
    Object[] values;
    try {
      values = arguments.decode(input, wrap);
    } catch (FuzzTestArguments.UndecodableException e) {
      return null;
    }
    try {
      Object instance;
      try {
        instance = lifecycle.before(testClass);
      } catch (Throwable setUpFailed) {
        return null;
      }
      Throwable thrown = call(instance, values);
      try {
        lifecycle.after(instance);
      } catch (Throwable tearDownFailed) {
        // Not the test method's failure; Jazzer would not see it either.
      }
      return thrown;
    } finally {
      FuzzTestArguments.close(values);
    }
  }

  private Throwable call(Object instance, Object[] values) {
    JazzerRuntime.Saved saved = runtime.begin();
    Throwable thrown = null;
    try {
      method.invoke(instance, values);
    } catch (InvocationTargetException e) {
      thrown = e.getCause();
    } catch (IllegalAccessException | RuntimeException e) {
      thrown = e; // A harness error, never the original's finding.
    } finally {
      Throwable reported = runtime.end(saved);
      if (reported != null) {
        thrown = reported;
      }
    }
    return thrown;
  }

  @Override
  public void afterLastRun(RunWatchdog watchdog) {
    if (!setUp) {
      return;
    }
    setUp = false;
    // What the class tear-down throws or how long it takes changes no run's result.
    watchdog.run(
        ignored -> {
          try {
            lifecycle.afterAll(testClass);
          } catch (Throwable t) {
            return t;
          }
          return null;
        },
        new byte[0]);
  }

  @Override
  public boolean countsCoverage() {
    return probeCounters != null;
  }

  @Override
  public ProbeCounters probeCounters() {
    if (probeCounters == null) {
      throw new IllegalStateException("no coverage probes on " + testClass.getName());
    }
    return probeCounters;
  }

  private static ClassLoader loaderOf(Method method) {
    ClassLoader loader = method.getDeclaringClass().getClassLoader();
    return loader != null ? loader : ClassLoader.getSystemClassLoader();
  }
}
