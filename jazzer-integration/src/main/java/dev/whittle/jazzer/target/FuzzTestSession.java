package dev.whittle.jazzer.target;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.FuzzTargetLoadException;
import dev.whittle.jazzer.api.FuzzTargetShape;
import dev.whittle.jazzer.api.FuzzTestLifecycle;
import dev.whittle.jazzer.api.FuzzedDataProviderFactory;
import dev.whittle.jazzer.fdp.FuzzedDataCall;
import dev.whittle.jazzer.finding.DedupToken;
import dev.whittle.jazzer.finding.FindingClassifier;
import dev.whittle.jazzer.runtime.JazzerRuntime;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.apiguardian.api.API;

/**
 * Runs a fuzz test method (a JUnit {@code @FuzzTest}) in this JVM, input after input, as Jazzer's
 * regression mode runs one invocation: the bytes decoded into arguments ({@link
 * FuzzTestArguments}), an instance set up by the caller's {@link FuzzTestLifecycle}, the call with
 * Jazzer's bug detectors armed around it alone ({@link JazzerRuntime}), the tear-down. Every run is
 * on an attempt worker under the call timeout ({@link AttemptRunner}); the finding's identity is
 * Jazzer's dedup token cut at the test method's frame.
 *
 * <p>With exits trapped, the test class is loaded again in a {@link FuzzTestClassLoader}, with the
 * exit calls of the test and of the code it calls rewritten, so that {@code System.exit}, {@code
 * Runtime.exit} and {@code Runtime.halt} end the run as an exit finding instead of the JVM; the
 * copy is initialized and set up ({@link FuzzTestLifecycle#beforeAll}) when the session opens and
 * torn down when it closes. Without, the framework's own class runs, and an exit ends the JVM. Not
 * thread-safe: one caller at a time.
 */
@API(status = INTERNAL)
public final class FuzzTestSession implements AttemptSession {
  private final Class<?> testClass;
  private final Method method;
  private final FuzzTestLifecycle lifecycle;
  private final FuzzTestArguments arguments;
  private final JazzerRuntime runtime;
  private final FindingClassifier classifier;
  private final AttemptRunner runner;
  private boolean setUp;
  private long runs;

  private FuzzTestSession(
      Class<?> testClass,
      Method method,
      FuzzTestLifecycle lifecycle,
      FuzzTestArguments arguments,
      AttemptRunner runner) {
    this.testClass = testClass;
    this.method = method;
    this.lifecycle = lifecycle;
    this.arguments = arguments;
    this.runtime = JazzerRuntime.visibleFrom(loaderOf(method));
    this.classifier =
        new FindingClassifier(
            new DedupToken(
                method.getDeclaringClass().getName(),
                method.getName(),
                ProviderFrames.internalPrefixes(
                    method.getDeclaringClass().getName(), arguments.providers())));
    this.runner = runner;
  }

  /**
   * A session over {@code method} of {@code testClass} (which declares or inherits it), run through
   * {@code lifecycle}.
   *
   * @param dataProviders the provider factory for a {@code FuzzedDataProvider} parameter, or null
   *     for Whittle's pure-Java one
   * @param trapExits whether the test runs in Whittle's copy of its class, whose exit calls end the
   *     run instead of the JVM
   * @param workerStackBytes the stack of the thread the runs happen on (0 for the JVM's default): a
   *     stack overflow is reduced on a larger stack than the test runs on, so that the result keeps
   *     a margin
   * @throws FuzzTargetLoadException if the method cannot be called, its parameters decoded, or the
   *     copy of its class loaded, initialized or set up
   */
  public static FuzzTestSession open(
      Class<?> testClass,
      Method method,
      FuzzTestLifecycle lifecycle,
      FuzzedDataProviderFactory dataProviders,
      Duration callTimeout,
      boolean trapExits,
      long workerStackBytes) {
    checkNotNull(testClass, "testClass");
    checkNotNull(method, "method");
    checkNotNull(lifecycle, "lifecycle");
    checkNotNull(callTimeout, "callTimeout");
    AttemptRunner runner = new AttemptRunner(callTimeout, workerStackBytes);
    try {
      Class<?> runClass = testClass;
      Method runMethod = method;
      if (trapExits) {
        FuzzTestClassLoader loader =
            new FuzzTestClassLoader(loaderOf(method), runner.runningAttempt());
        runClass = FuzzTestCopy.loadClass(testClass, loader);
        runMethod = FuzzTestCopy.method(method, runClass, loader);
      }
      accessible(runMethod);
      FuzzTestSession session =
          new FuzzTestSession(
              runClass,
              runMethod,
              lifecycle,
              FuzzTestArguments.forMethod(runMethod, dataProviders),
              runner);
      session.setUpClass();
      return session;
    } catch (RuntimeException | Error e) {
      runner.close();
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

  /**
   * Initializes the test class and has the lifecycle set it up, on the attempt worker: a copy's
   * static initializer and class set-up may exit or hang like any run.
   */
  private void setUpClass() {
    AttemptRunner.RawRun init =
        runner.runAtLeast(
            ignored -> FuzzTestCopy.initialize(testClass, lifecycle),
            new byte[0],
            TargetSession.INITIALIZE_TIMEOUT);
    FuzzTestCopy.checkInitialized(testClass, init);
    setUp = true;
  }

  /** The test method, whose parameters the mutation framework's value reducer needs. */
  public Method method() {
    return method;
  }

  @Override
  public Finding run(byte[] input) {
    checkNotNull(input, "input");
    AttemptRunner.RawRun raw = runRaw(input, UnaryOperator.identity());
    if (raw.ending() == AttemptRunner.Ending.TIMED_OUT) {
      return Finding.timeout();
    }
    if (raw.exitRequested()) {
      // Wherever it was asked for (set-up, test, tear-down), and whatever the test made of the
      // error that refused it: an exit is a finding of its own, never the original failure.
      return Finding.exit(raw.exitStatus());
    }
    return classifier.classifyThrown(raw.thrown());
  }

  @Override
  public Optional<List<FuzzedDataCall>> recordCalls(byte[] input) {
    checkNotNull(input, "input");
    if (arguments.kind() != InputKind.FUZZED_DATA_PROVIDER) {
      return Optional.empty();
    }
    return CallRecording.record(wrap -> runRaw(input, wrap));
  }

  private AttemptRunner.RawRun runRaw(byte[] input, UnaryOperator<FuzzedDataProvider> wrap) {
    runs++;
    return runner.run(candidate -> runOnce(candidate, wrap), input);
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
  public InputKind inputKind() {
    return arguments.kind();
  }

  @Override
  public FuzzTargetShape shape() {
    return new FuzzTargetShape(
        method.getDeclaringClass().getName(),
        arguments.kind() == InputKind.FUZZED_DATA_PROVIDER,
        FuzzTargetShape.Initialize.NONE,
        false);
  }

  @Override
  public String targetClassName() {
    return method.getDeclaringClass().getName();
  }

  @Override
  public long runs() {
    return runs;
  }

  @Override
  public boolean jazzerRuntimePresent() {
    return runtime.isPresent();
  }

  @Override
  public void close() {
    try {
      if (setUp) {
        setUp = false;
        // What the class tear-down throws or how long it takes changes no run's result.
        runner.run(
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
    } finally {
      runner.close();
    }
  }

  private static ClassLoader loaderOf(Method method) {
    ClassLoader loader = method.getDeclaringClass().getClassLoader();
    return loader != null ? loader : ClassLoader.getSystemClassLoader();
  }
}
