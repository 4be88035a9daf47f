package dev.whittle.jazzer.api;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

import com.google.common.collect.ImmutableList;
import dev.whittle.api.Algorithm;
import dev.whittle.api.Algorithms;
import dev.whittle.api.Budget;
import dev.whittle.api.ProgressListener;
import dev.whittle.jazzer.api.spi.CrashMinimizerEngine;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Minimizes a Jazzer crash input in process: loads the fuzz target from its class path, checks that
 * the crash reproduces the same finding every time, reduces it with Whittle's engine, and verifies
 * the result in a fresh class loader.
 *
 * <pre>{@code
 * MinimizationResult result =
 *     CrashMinimizer.forTarget("com.example.ParserFuzzer", List.of(Path.of("target/classes")))
 *         .withCallTimeout(Duration.ofSeconds(2))
 *         .minimize(Path.of("crash-1234"));
 * }</pre>
 *
 * <p>Immutable; each {@code with*} method returns a copy. The fuzz target MUST be a class with
 * {@code public static void fuzzerTestOneInput(byte[])} or {@code (FuzzedDataProvider)}, and MAY
 * have {@code fuzzerInitialize()} or {@code fuzzerInitialize(String[])} and {@code
 * fuzzerTearDown()}, as Jazzer's standalone driver expects. Classes under {@code java.}, {@code
 * jdk.}, {@code sun.} and {@code com.code_intelligence.jazzer.} come from the JVM's class path; all
 * others are loaded from the given class path first.
 *
 * <p>{@link #forLoadedTarget} minimizes against a class that is already loaded and initialized,
 * such as the target of the Jazzer run this JVM is (see {@code
 * dev.whittle.jazzer.hook.WhittleAgent}).
 *
 * <p>{@link #forFuzzTest} minimizes against a fuzz test method ({@code @FuzzTest}) that a test
 * framework runs: the JUnit extension's way in.
 *
 * <p>{@code System.exit}, {@code Runtime.exit} and {@code Runtime.halt} inside the target end the
 * run, not the JVM: the target's classes are rewritten as they are loaded so that these calls throw
 * an error of Whittle's instead, on every JDK (see {@link #withExitGuard}); for a fuzz test, in
 * Whittle's own copy of the test class. A target {@linkplain #forLoadedTarget loaded by someone
 * else} is not rewritten.
 */
public final class CrashMinimizer {
  /** Default for {@link #withCallTimeout}. */
  public static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofSeconds(10);

  /** Default for {@link #withFreshJvmRuns}. */
  public static final int DEFAULT_FRESH_JVM_RUNS = 3;

  /** Default for {@link #withReproductionRuns}. */
  public static final int DEFAULT_REPRODUCTION_RUNS = 3;

  private final String targetClass;
  private final ImmutableList<Path> classPath;
  private final Class<?> loadedTarget;
  private final Class<?> fuzzTestClass;
  private final Method fuzzTestMethod;
  private final FuzzTestLifecycle fuzzTestLifecycle;
  private final String expectedFailure;
  private final Algorithm algorithm;
  private final MatchMode matchMode;
  private final Duration callTimeout;
  private final Budget budget;
  private final int reproductionRuns;
  private final boolean freshLoaderPerAttempt;
  private final boolean exitGuard;
  private final boolean valueReduction;
  private final int jobs;
  private final FuzzedDataProviderFactory dataProviderFactory;
  private final ImmutableList<String> targetArgs;
  private final ImmutableList<ProgressListener> progressListeners;
  private final FreshJvmVerification freshJvmVerification;
  private final ImmutableList<String> freshJvmArgs;
  private final int freshJvmRuns;

  private CrashMinimizer(Builder b) {
    this.targetClass = b.targetClass;
    this.classPath = b.classPath;
    this.loadedTarget = b.loadedTarget;
    this.fuzzTestClass = b.fuzzTestClass;
    this.fuzzTestMethod = b.fuzzTestMethod;
    this.fuzzTestLifecycle = b.fuzzTestLifecycle;
    this.expectedFailure = b.expectedFailure;
    this.algorithm = b.algorithm;
    this.matchMode = b.matchMode;
    this.callTimeout = b.callTimeout;
    this.budget = b.budget;
    this.reproductionRuns = b.reproductionRuns;
    this.freshLoaderPerAttempt = b.freshLoaderPerAttempt;
    this.exitGuard = b.exitGuard;
    this.valueReduction = b.valueReduction;
    this.jobs = b.jobs;
    this.dataProviderFactory = b.dataProviderFactory;
    this.targetArgs = b.targetArgs;
    this.progressListeners = b.progressListeners;
    this.freshJvmVerification = b.freshJvmVerification;
    this.freshJvmArgs = b.freshJvmArgs;
    this.freshJvmRuns = b.freshJvmRuns;
  }

  /**
   * A minimizer for the fuzz target class {@code targetClass}, loaded from {@code classPath}
   * (directories and jars), with the defaults: Entropy Debugging, the same dedup token, a {@link
   * #DEFAULT_CALL_TIMEOUT} per run, no budget, {@link #DEFAULT_REPRODUCTION_RUNS} reproduction
   * runs.
   */
  public static CrashMinimizer forTarget(String targetClass, List<Path> classPath) {
    checkNotNull(targetClass, "targetClass");
    checkArgument(!targetClass.isBlank(), "targetClass must not be blank");
    checkNotNull(classPath, "classPath");
    Builder b = new Builder();
    b.targetClass = targetClass;
    b.classPath = ImmutableList.copyOf(classPath);
    return new CrashMinimizer(b);
  }

  /**
   * A minimizer for {@code targetClass} as it is already loaded, with the same defaults as {@link
   * #forTarget}. Nothing is loaded again: every run, the reproduction check's and the
   * verification's included, calls this class's {@code fuzzerTestOneInput}, with whatever
   * instrumentation and static state it has; {@code fuzzerInitialize} and {@code fuzzerTearDown}
   * are not called, as they belong to whoever loaded the class. So the result is verified by
   * running it once more on the same class, and {@link #withFreshLoaderPerAttempt} is refused.
   * Meant for minimizing inside the JVM of a Jazzer run, where the target is loaded by the system
   * class loader and carries Jazzer's instrumentation and bug-detector hooks.
   */
  public static CrashMinimizer forLoadedTarget(Class<?> targetClass) {
    checkNotNull(targetClass, "targetClass");
    Builder b = new Builder();
    b.targetClass = targetClass.getName();
    b.classPath = ImmutableList.of();
    b.loadedTarget = targetClass;
    return new CrashMinimizer(b);
  }

  /**
   * A minimizer for the fuzz test method {@code testMethod} (a JUnit {@code @FuzzTest}), run
   * through {@code lifecycle} on an instance of the class that declares it; see {@link
   * #forFuzzTest(Class, Method, FuzzTestLifecycle)}.
   */
  public static CrashMinimizer forFuzzTest(Method testMethod, FuzzTestLifecycle lifecycle) {
    checkNotNull(testMethod, "testMethod");
    return forFuzzTest(testMethod.getDeclaringClass(), testMethod, lifecycle);
  }

  /**
   * A minimizer for the fuzz test method {@code testMethod} (a JUnit {@code @FuzzTest}) of {@code
   * testClass} (which declares or inherits it), run through {@code lifecycle}, with the same
   * defaults as {@link #forTarget}. Each run decodes the candidate into arguments as Jazzer's
   * regression mode does (one {@code byte[]}: the bytes; one {@code FuzzedDataProvider}: a provider
   * over them, Whittle's pure-Java one by default; anything else: Jazzer's mutation framework,
   * which must be on the method's class path), asks {@code lifecycle} for an instance, calls the
   * method with Jazzer's bug detectors armed around the call, and tears the instance down. A
   * candidate the mutation framework cannot decode has no finding. The finding's identity is
   * Jazzer's dedup token cut at the test method's frame, which is the token Jazzer prints for the
   * same finding in fuzzing mode.
   *
   * <p>With the exit guard on (the default, {@link #withExitGuard}), Whittle runs its own copy of
   * the test class, loaded again from the class files the test's class loader shows, with the exit
   * calls of the test class and of the code it calls rewritten: a run that calls {@code
   * System.exit}, {@code Runtime.exit} or {@code Runtime.halt} ends as an exit finding, never the
   * JVM. The copy has its own static state; it is initialized and set up ({@link
   * FuzzTestLifecycle#beforeAll}) once per session, so the result is verified in a fresh copy.
   * Classes of the JDK, Jazzer, JUnit and Whittle are shared with the test framework and not
   * rewritten. With the guard off, the framework's own class runs, nothing is loaded again, an exit
   * ends the JVM, and the result is verified by running it once more. Either way {@link
   * #withFreshLoaderPerAttempt} is refused and one candidate runs at a time.
   */
  public static CrashMinimizer forFuzzTest(
      Class<?> testClass, Method testMethod, FuzzTestLifecycle lifecycle) {
    checkNotNull(testClass, "testClass");
    checkNotNull(testMethod, "testMethod");
    checkNotNull(lifecycle, "lifecycle");
    checkArgument(
        !java.lang.reflect.Modifier.isStatic(testMethod.getModifiers()),
        "a fuzz test method is an instance method: %s",
        testMethod);
    checkArgument(
        testMethod.getDeclaringClass().isAssignableFrom(testClass),
        "%s does not have %s",
        testClass,
        testMethod);
    Builder b = new Builder();
    b.targetClass = testMethod.getDeclaringClass().getName();
    b.classPath = ImmutableList.of();
    b.fuzzTestClass = testClass;
    b.fuzzTestMethod = testMethod;
    b.fuzzTestLifecycle = lifecycle;
    return new CrashMinimizer(b);
  }

  /**
   * For a {@linkplain #forFuzzTest fuzz test}: the class of what the test threw when its framework
   * ran the crash. When Whittle's runs of the crash find something else (another exception, or an
   * exit; a timeout is not checked, as a framework reports it in its own way), minimizing stops
   * with an {@link UnexpectedFindingException} before anything is reduced. Empty, the default,
   * checks nothing.
   */
  public CrashMinimizer withExpectedFailure(String exceptionClassName) {
    checkNotNull(exceptionClassName, "exceptionClassName");
    checkArgument(
        fuzzTestMethod != null, "only a fuzz test has an expected failure: %s", targetClass);
    return copy(b -> b.expectedFailure = exceptionClassName);
  }

  /** The reduction algorithm, from {@link Algorithms}. */
  public CrashMinimizer withAlgorithm(Algorithm newAlgorithm) {
    checkNotNull(newAlgorithm, "algorithm");
    return copy(b -> b.algorithm = newAlgorithm);
  }

  /** When a candidate's finding counts as the original's. */
  public CrashMinimizer withMatchMode(MatchMode newMatchMode) {
    checkNotNull(newMatchMode, "matchMode");
    return copy(b -> b.matchMode = newMatchMode);
  }

  /**
   * How long one run of the target may take. A longer run is abandoned (its thread interrupted and
   * left behind) and counts as a timeout finding, which only reproduces an original timeout.
   */
  public CrashMinimizer withCallTimeout(Duration timeout) {
    checkNotNull(timeout, "timeout");
    checkArgument(
        !timeout.isNegative() && !timeout.isZero(), "timeout must be positive: %s", timeout);
    return copy(b -> b.callTimeout = timeout);
  }

  /** Limits on the reduction's oracle calls and time; the best result so far is kept. */
  public CrashMinimizer withBudget(Budget newBudget) {
    checkNotNull(newBudget, "budget");
    return copy(b -> b.budget = newBudget);
  }

  /**
   * How many times the crash is run before minimizing; every run MUST give the same finding, or
   * minimizing stops with a {@link FlakyFindingException}.
   */
  public CrashMinimizer withReproductionRuns(int runs) {
    checkArgument(runs >= 1, "reproductionRuns must be at least 1, was %s", runs);
    return copy(b -> b.reproductionRuns = runs);
  }

  /**
   * Whether each run gets a freshly loaded and initialized target, so that static state cannot
   * carry over from one candidate to the next. Much slower; off by default, when one loader serves
   * the whole reduction and only the result is verified in a fresh one.
   */
  public CrashMinimizer withFreshLoaderPerAttempt(boolean fresh) {
    checkArgument(
        !fresh || (loadedTarget == null && fuzzTestMethod == null),
        "a target that is already loaded cannot be loaded afresh: %s",
        targetClass);
    return copy(b -> b.freshLoaderPerAttempt = fresh);
  }

  /**
   * Whether {@code System.exit}, {@code Runtime.exit} and {@code Runtime.halt} in the target end
   * that run, as an exit finding, rather than the JVM (on by default). With the guard on, calls of
   * them in the classes Whittle loads for the target are rewritten at load time (calls through
   * reflection or method handles looked up at run time are not seen); turned off, classes are
   * loaded as they are and a target that exits ends the JVM. For a {@linkplain #forFuzzTest fuzz
   * test} the guard means running Whittle's copy of the test class. It has no effect on a target
   * {@linkplain #forLoadedTarget loaded by someone else}, whose classes are already defined: there
   * an exit does what it always does (inside a JVM that is already exiting, as in a Jazzer run's
   * crash hook, it blocks until the call timeout ends that run).
   */
  public CrashMinimizer withExitGuard(boolean guard) {
    return copy(b -> b.exitGuard = guard);
  }

  /**
   * Whether to reduce values as well as bytes (on by default); it takes turns with the byte-level
   * reduction on the same oracle calls, cache and budget. For a {@code FuzzedDataProvider} target,
   * value reduction records the {@code consume*} calls of the best input so far, makes their values
   * smaller (fewer calls, shorter strings and arrays, integers nearer zero, booleans false) and
   * encodes them back into bytes; recording runs count among the runs but are no oracle calls. For
   * a {@code byte[]} target it shrinks length-prefixed chunks together with their length fields,
   * which deleting bytes cannot do. Off, only bytes are deleted.
   */
  public CrashMinimizer withValueReduction(boolean reduceValues) {
    return copy(b -> b.valueReduction = reduceValues);
  }

  /**
   * How many candidates may run at once, each job with its own freshly loaded and initialized
   * target (its own class loader and static state). The search asks speculative questions to keep
   * them busy and finds exactly what one job finds. A target that sees Jazzer's runtime (its bug
   * detectors report into one slot per JVM) runs one candidate at a time whatever this says.
   * Default 1.
   */
  public CrashMinimizer withJobs(int newJobs) {
    checkArgument(newJobs >= 1, "jobs must be at least 1, was %s", newJobs);
    return copy(b -> b.jobs = newJobs);
  }

  /**
   * Where {@code FuzzedDataProvider} targets get their provider. By default Whittle's pure-Java
   * provider, which decodes bytes exactly as Jazzer's native {@code FuzzedDataProviderImpl} does
   * (checked by a differential test) and needs neither Jazzer's runtime nor its native library.
   */
  public CrashMinimizer withFuzzedDataProviderFactory(FuzzedDataProviderFactory factory) {
    checkNotNull(factory, "factory");
    return copy(b -> b.dataProviderFactory = factory);
  }

  /** Arguments for {@code fuzzerInitialize(String[])}; none by default. */
  public CrashMinimizer withTargetArgs(List<String> args) {
    checkNotNull(args, "args");
    return copy(b -> b.targetArgs = ImmutableList.copyOf(args));
  }

  /**
   * Adds a listener that hears about every question the reduction asks (not the reproduction runs
   * before it or the verification after it), on the minimizing thread.
   */
  public CrashMinimizer withProgressListener(ProgressListener listener) {
    checkNotNull(listener, "listener");
    return copy(
        b ->
            b.progressListeners =
                ImmutableList.<ProgressListener>builder()
                    .addAll(progressListeners)
                    .add(listener)
                    .build());
  }

  /**
   * When the result is verified in fresh JVMs instead of a fresh class loader: by default ({@link
   * FreshJvmVerification#RESOURCE_FINDINGS}) for stack overflows and out-of-memory errors, whose
   * reproduction depends on the JVM's warm state and limits. A result verified this way reproduced
   * the finding (by {@link #withMatchMode}) in each of {@link #withFreshJvmRuns} JVMs started with
   * {@link #withFreshJvmArgs}; when the reduction's smallest input does not, the minimizer backs
   * off along the reduction's improvements to the smallest one that does, and to the crash itself
   * if none does, which is then returned unverified ({@link MinimizationResult#verification()} says
   * why). Never for a {@linkplain #forLoadedTarget loaded target}: the JVM it lives in (a Jazzer
   * run's) has instrumentation and state no fresh JVM would have.
   */
  public CrashMinimizer withFreshJvmVerification(FreshJvmVerification mode) {
    checkNotNull(mode, "mode");
    return copy(b -> b.freshJvmVerification = mode);
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
    return copy(b -> b.freshJvmArgs = ImmutableList.copyOf(args));
  }

  /**
   * How many fresh JVMs must each reproduce the result; default {@value #DEFAULT_FRESH_JVM_RUNS}.
   */
  public CrashMinimizer withFreshJvmRuns(int runs) {
    checkArgument(runs >= 1, "freshJvmRuns must be at least 1, was %s", runs);
    return copy(b -> b.freshJvmRuns = runs);
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
   * Minimizes the crash file {@code crashFile}; exceptions name the file.
   *
   * @throws IOException if the file cannot be read
   * @see #minimize(byte[])
   */
  public MinimizationResult minimize(Path crashFile) throws IOException {
    checkNotNull(crashFile, "crashFile");
    return minimize(Files.readAllBytes(crashFile), crashFile.toString());
  }

  private MinimizationResult minimize(byte[] crash, String crashName) {
    return EngineHolder.ENGINE.minimize(this, crash, crashName);
  }

  /**
   * How a report shows {@code input} beside its bytes: for a {@linkplain #forFuzzTest fuzz test}
   * with structured parameters, the argument values it decodes to; empty when the bytes say it all
   * ({@code byte[]}, {@code FuzzedDataProvider}, standalone targets).
   */
  public Optional<String> describeInput(byte[] input) {
    checkNotNull(input, "input");
    return EngineHolder.ENGINE.describeInput(this, input.clone());
  }

  /**
   * Whether Jazzer's bug detectors are installed in this JVM (or why not) once a minimization has
   * tried to install them, for a status line; empty before.
   */
  public static Optional<String> bugDetectorStatus() {
    return EngineHolder.ENGINE.bugDetectorStatus();
  }

  public String targetClass() {
    return targetClass;
  }

  /** The class path; empty for a {@linkplain #forLoadedTarget loaded target}. */
  public List<Path> classPath() {
    return classPath;
  }

  /** The class given to {@link #forLoadedTarget}; empty for a target loaded from its class path. */
  public Optional<Class<?>> loadedTarget() {
    return Optional.ofNullable(loadedTarget);
  }

  /**
   * The test class given to {@link #forFuzzTest} (or the method's declaring class); empty for a
   * fuzz target class.
   */
  public Optional<Class<?>> fuzzTestClass() {
    return Optional.ofNullable(fuzzTestClass);
  }

  /**
   * The class of the failure the test framework reported, if given ({@link #withExpectedFailure}).
   */
  public Optional<String> expectedFailure() {
    return Optional.ofNullable(expectedFailure);
  }

  /** The method given to {@link #forFuzzTest}; empty for a fuzz target class. */
  public Optional<Method> fuzzTestMethod() {
    return Optional.ofNullable(fuzzTestMethod);
  }

  /** The lifecycle given to {@link #forFuzzTest}; empty for a fuzz target class. */
  public Optional<FuzzTestLifecycle> fuzzTestLifecycle() {
    return Optional.ofNullable(fuzzTestLifecycle);
  }

  public Algorithm algorithm() {
    return algorithm;
  }

  public MatchMode matchMode() {
    return matchMode;
  }

  public Duration callTimeout() {
    return callTimeout;
  }

  public Budget budget() {
    return budget;
  }

  public int reproductionRuns() {
    return reproductionRuns;
  }

  public boolean freshLoaderPerAttempt() {
    return freshLoaderPerAttempt;
  }

  public boolean exitGuard() {
    return exitGuard;
  }

  public boolean valueReduction() {
    return valueReduction;
  }

  public int jobs() {
    return jobs;
  }

  /** The configured provider factory; empty means Whittle's pure-Java one. */
  public Optional<FuzzedDataProviderFactory> fuzzedDataProviderFactory() {
    return Optional.ofNullable(dataProviderFactory);
  }

  public List<String> targetArgs() {
    return targetArgs;
  }

  public List<ProgressListener> progressListeners() {
    return progressListeners;
  }

  public FreshJvmVerification freshJvmVerification() {
    return freshJvmVerification;
  }

  /** The fresh JVMs' options; empty when they are this JVM's heap and stack options. */
  public Optional<List<String>> freshJvmArgs() {
    return Optional.ofNullable(freshJvmArgs);
  }

  public int freshJvmRuns() {
    return freshJvmRuns;
  }

  private CrashMinimizer copy(java.util.function.Consumer<Builder> change) {
    Builder b = new Builder();
    b.targetClass = targetClass;
    b.classPath = classPath;
    b.loadedTarget = loadedTarget;
    b.fuzzTestClass = fuzzTestClass;
    b.fuzzTestMethod = fuzzTestMethod;
    b.fuzzTestLifecycle = fuzzTestLifecycle;
    b.expectedFailure = expectedFailure;
    b.algorithm = algorithm;
    b.matchMode = matchMode;
    b.callTimeout = callTimeout;
    b.budget = budget;
    b.reproductionRuns = reproductionRuns;
    b.freshLoaderPerAttempt = freshLoaderPerAttempt;
    b.exitGuard = exitGuard;
    b.valueReduction = valueReduction;
    b.jobs = jobs;
    b.dataProviderFactory = dataProviderFactory;
    b.targetArgs = targetArgs;
    b.progressListeners = progressListeners;
    b.freshJvmVerification = freshJvmVerification;
    b.freshJvmArgs = freshJvmArgs;
    b.freshJvmRuns = freshJvmRuns;
    change.accept(b);
    return new CrashMinimizer(b);
  }

  /** Mutable scratch space for {@link #copy}; never escapes. */
  private static final class Builder {
    String targetClass;
    ImmutableList<Path> classPath;
    Class<?> loadedTarget;
    Class<?> fuzzTestClass;
    Method fuzzTestMethod;
    FuzzTestLifecycle fuzzTestLifecycle;
    String expectedFailure;
    Algorithm algorithm = Algorithms.defaultAlgorithm();
    MatchMode matchMode = MatchMode.dedupToken();
    Duration callTimeout = DEFAULT_CALL_TIMEOUT;
    Budget budget = Budget.unlimited();
    int reproductionRuns = DEFAULT_REPRODUCTION_RUNS;
    boolean freshLoaderPerAttempt;
    boolean exitGuard = true;
    boolean valueReduction = true;
    int jobs = 1;
    FuzzedDataProviderFactory dataProviderFactory;
    ImmutableList<String> targetArgs = ImmutableList.of();
    ImmutableList<ProgressListener> progressListeners = ImmutableList.of();
    FreshJvmVerification freshJvmVerification = FreshJvmVerification.RESOURCE_FINDINGS;
    ImmutableList<String> freshJvmArgs;
    int freshJvmRuns = DEFAULT_FRESH_JVM_RUNS;
  }

  /** Finds the implementation once, as {@code dev.whittle.api.Reduction} finds its engine. */
  private static final class EngineHolder {
    static final CrashMinimizerEngine ENGINE =
        ServiceLoader.load(CrashMinimizerEngine.class, CrashMinimizer.class.getClassLoader())
            .findFirst()
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "no "
                            + CrashMinimizerEngine.class.getName()
                            + " on the class path: is whittle-jazzer-integration complete?"));
  }
}
