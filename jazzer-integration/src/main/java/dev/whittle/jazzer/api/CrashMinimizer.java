package dev.whittle.jazzer.api;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.STABLE;

import com.google.common.base.Supplier;
import com.google.common.collect.ImmutableList;
import dev.whittle.api.Algorithm;
import dev.whittle.api.Algorithms;
import dev.whittle.api.Budget;
import dev.whittle.api.ProgressListener;
import dev.whittle.api.spi.Engines;
import dev.whittle.jazzer.api.FuzzTarget.LoadedClass;
import dev.whittle.jazzer.api.FuzzTarget.TestMethod;
import dev.whittle.jazzer.api.spi.CrashMinimizerEngine;
import dev.whittle.jazzer.input.InputFiles;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.apiguardian.api.API;

/**
 * Minimizes a Jazzer crash input in process: loads the fuzz target from its class path, checks that
 * the crash reproduces the same finding every time, reduces it with Whittle's engine, and verifies
 * the result in a fresh class loader.
 *
 * <pre>{@code
 * MinimizationResult result =
 *     CrashMinimizer.forTarget("com.example.ParserFuzzer", List.of(Path.of("target/classes")))
 *         .withRunTimeout(Duration.ofSeconds(2))
 *         .minimize(Path.of("crash-1234"));
 * }</pre>
 *
 * <p>Immutable; each {@code with*} method returns a copy. The target is a {@link FuzzTarget}: a
 * fuzz target class on a class path ({@link #forTarget}), a class already loaded and initialized
 * such as the target of the Jazzer run this JVM is ({@link #forLoadedTarget}), or a fuzz test
 * method that a test framework runs ({@link #forFuzzTest}, the JUnit extension's way in). Exit
 * calls inside the target end the run, not the JVM ({@link #withExitGuard}).
 */
@API(status = STABLE, since = "0.1")
public final class CrashMinimizer {
  private static final Supplier<CrashMinimizerEngine> ENGINE =
      Engines.lazily(CrashMinimizerEngine.class, "whittle-jazzer-integration");

  /** Default for {@link #withRunTimeout}. */
  public static final Duration DEFAULT_RUN_TIMEOUT = TargetOptions.DEFAULT_RUN_TIMEOUT;

  /** Default for {@link #withFreshJvmRuns}. */
  public static final int DEFAULT_FRESH_JVM_RUNS = 3;

  /** Default for {@link #withReproductionRuns}. */
  public static final int DEFAULT_REPRODUCTION_RUNS = 3;

  /** Never changed: each {@code with*} method changes a copy. */
  private final Settings settings;

  private CrashMinimizer(Settings settings) {
    this.settings = settings;
  }

  /**
   * A minimizer for the fuzz target class {@code targetClass} on {@code classPath} (directories and
   * jars), with the defaults: Entropy Debugging, the same dedup token, a {@link
   * #DEFAULT_RUN_TIMEOUT} per run, no budget, {@link #DEFAULT_REPRODUCTION_RUNS} reproductions.
   */
  public static CrashMinimizer forTarget(String targetClass, List<Path> classPath) {
    return of(FuzzTarget.onClassPath(targetClass, classPath));
  }

  /**
   * A minimizer for {@code targetClass} as it is already loaded ({@link FuzzTarget.LoadedClass}),
   * with the same defaults as {@link #forTarget}; {@link #withFreshLoaderPerRun} is refused.
   */
  public static CrashMinimizer forLoadedTarget(Class<?> targetClass) {
    return of(FuzzTarget.loaded(targetClass));
  }

  /** {@link #forFuzzTest(Class, Method, FuzzTestLifecycle)} on the class declaring the method. */
  public static CrashMinimizer forFuzzTest(Method testMethod, FuzzTestLifecycle lifecycle) {
    checkNotNull(testMethod, "testMethod");
    return forFuzzTest(testMethod.getDeclaringClass(), testMethod, lifecycle);
  }

  /**
   * A minimizer for the {@code @FuzzTest} method {@code testMethod} of {@code testClass}, run as
   * {@link FuzzTarget.TestMethod} says, with the same defaults as {@link #forTarget}; {@link
   * #withFreshLoaderPerRun} is refused and one candidate runs at a time.
   */
  public static CrashMinimizer forFuzzTest(
      Class<?> testClass, Method testMethod, FuzzTestLifecycle lifecycle) {
    return of(FuzzTarget.testMethod(testClass, testMethod, lifecycle));
  }

  /** A minimizer for {@code target}, with the same defaults as {@link #forTarget}. */
  public static CrashMinimizer of(FuzzTarget target) {
    checkNotNull(target, "target");
    Settings settings = new Settings();
    settings.options = TargetOptions.of(target);
    return new CrashMinimizer(settings);
  }

  /**
   * For a {@linkplain #forFuzzTest fuzz test}: the class of what the test threw when its framework
   * ran the crash. Minimizing stops with an {@link UnexpectedFindingException} before reducing when
   * Whittle's runs find another exception or an exit (timeouts are not checked). Empty by default.
   */
  public CrashMinimizer withExpectedFailure(String exceptionClassName) {
    checkNotNull(exceptionClassName, "exceptionClassName");
    checkArgument(
        target() instanceof TestMethod,
        "only a fuzz test has an expected failure: %s",
        targetClass());
    return copy(s -> s.expectedFailure = exceptionClassName);
  }

  /** The reduction algorithm, from {@link Algorithms}. */
  public CrashMinimizer withAlgorithm(Algorithm newAlgorithm) {
    checkNotNull(newAlgorithm, "algorithm");
    return copy(s -> s.algorithm = newAlgorithm);
  }

  /** When a candidate's finding counts as the original's. */
  public CrashMinimizer withMatchMode(MatchMode newMatchMode) {
    checkNotNull(newMatchMode, "matchMode");
    return copy(s -> s.matchMode = newMatchMode);
  }

  /** How long one run may take; a longer one is a timeout. See {@link TargetOptions}. */
  public CrashMinimizer withRunTimeout(Duration timeout) {
    return copy(s -> s.options = s.options.withRunTimeout(timeout));
  }

  /** Limits on the reduction's runs and time; the best result so far is kept. */
  public CrashMinimizer withBudget(Budget newBudget) {
    checkNotNull(newBudget, "budget");
    return copy(s -> s.budget = newBudget);
  }

  /**
   * How many times the crash is run before minimizing; every run MUST give the same finding, or
   * minimizing stops with a {@link FlakyFindingException}.
   */
  public CrashMinimizer withReproductionRuns(int runs) {
    checkArgument(runs >= 1, "reproductionRuns must be at least 1, was %s", runs);
    return copy(s -> s.reproductionRuns = runs);
  }

  /**
   * Whether each run gets a freshly loaded and initialized target, so that no static state carries
   * over. Much slower; off by default, when only the result is verified in a fresh one.
   */
  public CrashMinimizer withFreshLoaderPerRun(boolean fresh) {
    checkArgument(
        !fresh || target().canReload(),
        "a target that is already loaded cannot be loaded afresh: %s",
        targetClass());
    return copy(s -> s.freshLoaderPerRun = fresh);
  }

  /** Whether exit calls end the run rather than the JVM (on); see {@link TargetOptions}. */
  public CrashMinimizer withExitGuard(boolean guard) {
    return copy(s -> s.options = s.options.withExitGuard(guard));
  }

  /**
   * Whether to reduce values as well as bytes (on by default), taking turns with byte deletion on
   * the same runs, cache and budget: a {@code FuzzedDataProvider} target's {@code consume*} calls,
   * recorded (runs, but no runs) and made fewer and smaller; a {@code byte[]} target's
   * length-prefixed chunks together with their length fields.
   */
  public CrashMinimizer withValueReduction(boolean reduceValues) {
    return copy(s -> s.valueReduction = reduceValues);
  }

  /**
   * How many candidates may run at once (default 1; see {@link TargetOptions}). The search asks
   * speculative questions to keep them busy and finds exactly what one job finds.
   */
  public CrashMinimizer withJobs(int newJobs) {
    return copy(s -> s.options = s.options.withJobs(newJobs));
  }

  /** Where {@code FuzzedDataProvider} targets get their provider; see {@link TargetOptions}. */
  public CrashMinimizer withFuzzedDataProviderFactory(FuzzedDataProviderFactory factory) {
    return copy(s -> s.options = s.options.withFuzzedDataProviderFactory(factory));
  }

  /** Arguments for {@code fuzzerInitialize(String[])}; none by default. */
  public CrashMinimizer withTargetArgs(List<String> args) {
    return copy(s -> s.options = s.options.withTargetArgs(args));
  }

  /** Adds a listener to the reduction's questions (not the checks around it), on this thread. */
  public CrashMinimizer withProgressListener(ProgressListener listener) {
    checkNotNull(listener, "listener");
    ImmutableList<ProgressListener> all =
        ImmutableList.<ProgressListener>builder().addAll(progressListeners()).add(listener).build();
    return copy(s -> s.progressListeners = all);
  }

  /**
   * When the result is verified in fresh JVMs instead of a fresh class loader, by {@link
   * #withMatchMode} in each of {@link #withFreshJvmRuns} JVMs; see {@link FreshJvmVerification}.
   */
  public CrashMinimizer withFreshJvmVerification(FreshJvmVerification mode) {
    checkNotNull(mode, "mode");
    return copy(s -> s.freshJvmVerification = mode);
  }

  /**
   * The options of the fresh JVMs that verify a result, such as {@code -Xss512k} or {@code
   * -Xmx256m}. By default the heap and stack options ({@code -Xss}, {@code -Xmx}, {@code -Xms})
   * this JVM was started with, so that a fresh JVM has the limits the minimization ran under.
   */
  public CrashMinimizer withFreshJvmArgs(List<String> args) {
    checkNotNull(args, "args");
    for (String arg : args) {
      checkArgument(
          arg != null && arg.startsWith("-"), "a JVM option starts with '-', got: %s", arg);
    }
    return copy(s -> s.freshJvmArgs = ImmutableList.copyOf(args));
  }

  /** How many fresh JVMs must each reproduce the result. */
  public CrashMinimizer withFreshJvmRuns(int runs) {
    checkArgument(runs >= 1, "freshJvmRuns must be at least 1, was %s", runs);
    return copy(s -> s.freshJvmRuns = runs);
  }

  /**
   * Minimizes {@code crash}. Interrupting the calling thread during the reduction ends it with the
   * smallest input so far, which is returned unverified; the interrupt flag stays set for the
   * caller to see.
   *
   * @throws FuzzTargetLoadException if the target cannot be loaded or initialized; the message
   *     names the step that failed (its static initializer, loading the classes it needs, {@code
   *     fuzzerInitialize}) and the cause
   * @throws NoFindingException if the crash does not crash the target
   * @throws FlakyFindingException if the crash's finding does not reproduce every time
   * @throws BrokenClassPathException if a run of the crash throws a linkage error, which says that
   *     the target's class path is broken rather than that the crash found a bug
   */
  public MinimizationResult minimize(byte[] crash) {
    checkNotNull(crash, "crash");
    return minimize(crash.clone(), "crash input of " + crash.length + " bytes");
  }

  /**
   * Minimizes the crash file {@code crashFile} as {@link #minimize(byte[])} does, naming the file.
   *
   * @throws IOException naming the file if it cannot be read, is no regular file, or is too long
   */
  public MinimizationResult minimize(Path crashFile) throws IOException {
    checkNotNull(crashFile, "crashFile");
    return minimize(InputFiles.read(crashFile, "crash file"), crashFile.toString());
  }

  private MinimizationResult minimize(byte[] crash, String crashName) {
    return ENGINE.get().minimize(this, crash, crashName);
  }

  /**
   * How a report shows {@code input} beside its bytes: for a {@linkplain #forFuzzTest fuzz test}
   * with structured parameters, the argument values it decodes to; empty when the bytes say it all
   * ({@code byte[]}, {@code FuzzedDataProvider}, standalone targets).
   */
  public Optional<String> describeInput(byte[] input) {
    checkNotNull(input, "input");
    return ENGINE.get().describeInput(this, input.clone());
  }

  /**
   * Whether Jazzer's bug detectors are installed in this JVM (or why not) once a minimization has
   * tried to install them, for a status line; empty before.
   */
  public static Optional<String> bugDetectorStatus() {
    return ENGINE.get().bugDetectorStatus();
  }

  /** What runs and how: the target, call timeout, jobs, exit guard, arguments, provider. */
  public TargetOptions options() {
    return settings.options;
  }

  public FuzzTarget target() {
    return settings.options.target();
  }

  public String targetClass() {
    return target().className();
  }

  /** The class path; empty for a target Whittle does not load itself. */
  public List<Path> classPath() {
    return target().classPath();
  }

  /** The class given to {@link #forLoadedTarget}; empty for other targets. */
  public Optional<Class<?>> loadedTarget() {
    return target() instanceof LoadedClass c ? Optional.of(c.targetClass()) : Optional.empty();
  }

  /** The test class given to {@link #forFuzzTest} (or the method's declaring class); else empty. */
  public Optional<Class<?>> fuzzTestClass() {
    return target() instanceof TestMethod t ? Optional.of(t.testClass()) : Optional.empty();
  }

  /** The class of the failure the test framework reported ({@link #withExpectedFailure}). */
  public Optional<String> expectedFailure() {
    return Optional.ofNullable(settings.expectedFailure);
  }

  /** The method given to {@link #forFuzzTest}; empty for a fuzz target class. */
  public Optional<Method> fuzzTestMethod() {
    return target().testMethod();
  }

  /** The lifecycle given to {@link #forFuzzTest}; empty for a fuzz target class. */
  public Optional<FuzzTestLifecycle> fuzzTestLifecycle() {
    return target() instanceof TestMethod t ? Optional.of(t.lifecycle()) : Optional.empty();
  }

  public Algorithm algorithm() {
    return settings.algorithm;
  }

  public MatchMode matchMode() {
    return settings.matchMode;
  }

  public Duration runTimeout() {
    return options().runTimeout();
  }

  public Budget budget() {
    return settings.budget;
  }

  public int reproductionRuns() {
    return settings.reproductionRuns;
  }

  public boolean freshLoaderPerRun() {
    return settings.freshLoaderPerRun;
  }

  public boolean exitGuard() {
    return options().exitGuard();
  }

  public boolean valueReduction() {
    return settings.valueReduction;
  }

  public int jobs() {
    return options().jobs();
  }

  /** The configured provider factory; empty means Whittle's pure-Java one. */
  public Optional<FuzzedDataProviderFactory> fuzzedDataProviderFactory() {
    return options().fuzzedDataProviderFactory();
  }

  public List<String> targetArgs() {
    return options().targetArgs();
  }

  public List<ProgressListener> progressListeners() {
    return settings.progressListeners;
  }

  public FreshJvmVerification freshJvmVerification() {
    return settings.freshJvmVerification;
  }

  /** The fresh JVMs' options; empty when they are this JVM's heap and stack options. */
  public Optional<List<String>> freshJvmArgs() {
    return Optional.ofNullable(settings.freshJvmArgs);
  }

  public int freshJvmRuns() {
    return settings.freshJvmRuns;
  }

  private CrashMinimizer copy(Consumer<Settings> change) {
    Settings changed = settings.clone();
    change.accept(changed);
    return new CrashMinimizer(changed);
  }

  /** The settings besides the target's options; only ever changed in a fresh {@link #copy}. */
  private static final class Settings implements Cloneable {
    TargetOptions options;
    String expectedFailure;
    Algorithm algorithm = Algorithms.defaultAlgorithm();
    MatchMode matchMode = MatchMode.dedupToken();
    Budget budget = Budget.unlimited();
    int reproductionRuns = DEFAULT_REPRODUCTION_RUNS;
    boolean freshLoaderPerRun;
    boolean valueReduction = true;
    ImmutableList<ProgressListener> progressListeners = ImmutableList.of();
    FreshJvmVerification freshJvmVerification = FreshJvmVerification.RESOURCE_FINDINGS;
    ImmutableList<String> freshJvmArgs;
    int freshJvmRuns = DEFAULT_FRESH_JVM_RUNS;

    @Override
    protected Settings clone() {
      try {
        return (Settings) super.clone();
      } catch (CloneNotSupportedException e) {
        throw new AssertionError(e);
      }
    }
  }
}
