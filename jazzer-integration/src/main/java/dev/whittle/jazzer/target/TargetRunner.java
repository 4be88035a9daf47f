package dev.whittle.jazzer.target;

import static com.google.common.base.Preconditions.checkNotNull;
import static com.google.common.base.Preconditions.checkState;
import static org.apiguardian.api.API.Status.INTERNAL;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.FuzzTarget;
import dev.whittle.jazzer.api.FuzzTargetLoadException;
import dev.whittle.jazzer.api.FuzzTargetShape;
import dev.whittle.jazzer.api.FuzzTestLifecycle;
import dev.whittle.jazzer.api.FuzzedDataProviderFactory;
import dev.whittle.jazzer.api.TargetOptions;
import dev.whittle.jazzer.bytecode.analysis.CoverageFilter;
import dev.whittle.jazzer.bytecode.analysis.EdgeNames;
import dev.whittle.jazzer.bytecode.runtime.ProbeCounters;
import dev.whittle.jazzer.fdp.FuzzedDataCall;
import dev.whittle.jazzer.fdp.RecordingFuzzedDataProvider;
import dev.whittle.jazzer.finding.FindingClassifier;
import dev.whittle.jazzer.process.GlobalState;
import dev.whittle.jazzer.process.MovedGlobals;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.apiguardian.api.API;

/**
 * A loaded target, reused input after input: each run executes the target once on one input, on a
 * worker thread under the call timeout ({@link RunWatchdog}), and says what it found. What differs
 * by kind of target, how it is set up before its first run, runs one input and is torn down after
 * its last, is its {@link Lifecycle} ({@code fuzzerInitialize} and {@code fuzzerTearDown} of a
 * class Whittle loads, nothing for a class someone else loaded, the test framework's lifecycle for
 * a fuzz test method), as Jazzer's {@code FuzzTargetRunner} runs any target through a {@code
 * LifecycleMethodsInvoker}; classifying, counting and recording runs are the same for every kind.
 * Not thread-safe: one caller at a time.
 */
@API(status = INTERNAL, since = "0.1")
public final class TargetRunner implements AutoCloseable {
  /** How the entry point takes its input, which decides the passes that fit it. */
  public enum InputKind {
    /** One {@code byte[]}: the bytes as they are. */
    BYTES,
    /** One {@code FuzzedDataProvider} over the bytes. */
    FUZZED_DATA_PROVIDER,
    /** Anything else: the bytes are the mutation framework's encoding of the arguments. */
    MUTATOR_ARGUMENTS
  }

  /**
   * What a runner's entry point is, as its callers see it.
   *
   * @param testMethod the fuzz test method each run calls, or null for a fuzz target class
   */
  record Entry(
      String className,
      InputKind inputKind,
      FuzzTargetShape shape,
      boolean jazzerRuntimePresent,
      Method testMethod) {}

  /**
   * The least time {@code fuzzerInitialize} or a test class's set-up gets, whatever the timeout.
   */
  public static final Duration INITIALIZE_TIMEOUT = Duration.ofSeconds(30);

  private final Lifecycle lifecycle;
  private final RunWatchdog watchdog;
  private final FindingClassifier classifier;
  private final Entry entry;
  private long runs;
  private GlobalState globals;

  TargetRunner(
      Lifecycle lifecycle, RunWatchdog watchdog, FindingClassifier classifier, Entry entry) {
    this.lifecycle = lifecycle;
    this.watchdog = watchdog;
    this.classifier = classifier;
    this.entry = entry;
  }

  /**
   * A runner over {@code options}' target, whatever its kind: the one place that tells the kinds
   * apart, so that the engines never do.
   *
   * @param freshTargetPerRun whether each run gets a freshly loaded and initialized target, where
   *     the target {@linkplain FuzzTarget#canReload() can be loaded again}
   * @param workerStackBytes the stack of the thread the runs happen on (0 for the JVM's default),
   *     where the target runs on a thread of Whittle's; a loaded target keeps the default
   * @throws FuzzTargetLoadException if the target cannot be loaded, initialized or set up
   */
  public static TargetRunner open(
      TargetOptions options, boolean freshTargetPerRun, long workerStackBytes) {
    return open(options, freshTargetPerRun, workerStackBytes, false);
  }

  /**
   * As {@link #open(TargetOptions, boolean, long)}; with {@code checkAllocations} a target loaded
   * from a class path has its array allocations larger than the heap throw at once ({@link
   * AllocationCheck}), for reducing an out-of-memory finding. Other targets allocate as always.
   */
  public static TargetRunner open(
      TargetOptions options,
      boolean freshTargetPerRun,
      long workerStackBytes,
      boolean checkAllocations) {
    checkNotNull(options, "options");
    if (options.target() instanceof FuzzTarget.TestMethod test) {
      return openTestMethod(
          test.testClass(),
          test.method(),
          test.lifecycle(),
          options.dataProviders(),
          options.runTimeout(),
          options.exitGuard(),
          workerStackBytes);
    }
    if (options.target() instanceof FuzzTarget.LoadedClass loaded) {
      return attach(loaded.targetClass(), options.dataProviders(), options.runTimeout());
    }
    return open(
        TargetSpec.of(options).withAllocationCheck(checkAllocations),
        options.runTimeout(),
        freshTargetPerRun,
        workerStackBytes);
  }

  /**
   * A runner over {@code options}' target whose runs count coverage ({@link #runWithCoverage}),
   * whatever its kind, so that the engines never tell the kinds apart: a class on a class path is
   * loaded in a loader of its own with probes on the classes {@code coverage} selects; a fuzz test
   * method runs in Whittle's copy of its test class (as with the exit guard, whose setting still
   * decides whether exits are trapped), with probes on the copy's classes that {@code coverage}
   * selects, each run through the test's lifecycle on a fresh instance and the class set up once
   * per runner. Every run uses the one loaded target.
   *
   * @throws FuzzTargetLoadException if the target cannot be loaded, initialized or set up, or is a
   *     class someone else loaded, whose classes Whittle cannot give probes
   */
  public static TargetRunner openWithCoverage(TargetOptions options, CoverageFilter coverage) {
    checkNotNull(options, "options");
    checkNotNull(coverage, "coverage");
    FuzzTarget target = options.target();
    if (target instanceof FuzzTarget.TestMethod test) {
      return TestMethodLifecycle.open(
          test.testClass(),
          test.method(),
          test.lifecycle(),
          options.dataProviders(),
          options.runTimeout(),
          options.exitGuard(),
          coverage,
          0);
    }
    if (target instanceof FuzzTarget.LoadedClass) {
      throw new FuzzTargetLoadException(
          target.className(),
          target.className()
              + " was loaded by someone else (a running Jazzer), so Whittle cannot give its classes"
              + " coverage probes; name it with its class path (FuzzTarget.onClassPath, or --cp and"
              + " --target) to minimize a corpus");
    }
    return open(TargetSpec.of(options).withCoverage(coverage), options.runTimeout(), false);
  }

  /**
   * How many out-of-memory errors the allocation checks of runners opened with {@code
   * checkAllocations} have thrown in this JVM so far ({@link AllocationCheck}): a run after which
   * the count moved failed in a check, not in the JVM.
   */
  public static long allocationChecksThrown() {
    return AllocationCheck.thrown();
  }

  /** Whether the allocation checks end runs at costly arrays ({@link AllocationCheck}). */
  public static void stopCostlyAllocations(boolean stop) {
    AllocationCheck.stopCostlyAllocations(stop);
  }

  /** Whether {@code finding} is a run the allocation checks ended at a costly array. */
  public static boolean endedAtCostlyAllocation(Finding finding) {
    return finding.exceptionClassName().equals(CostlyAllocationError.class.getName());
  }

  /**
   * Loads and initializes the fuzz target class {@code spec} names.
   *
   * @param runTimeout how long one run, {@code fuzzerInitialize} or {@code fuzzerTearDown} may take
   * @param freshTargetPerRun whether each run gets a freshly loaded and initialized target
   * @throws FuzzTargetLoadException if the target cannot be loaded or initialized
   */
  public static TargetRunner open(TargetSpec spec, Duration runTimeout, boolean freshTargetPerRun) {
    return open(spec, runTimeout, freshTargetPerRun, 0);
  }

  /**
   * Loads and initializes the target, to run on worker threads with a stack of {@code
   * workerStackBytes} (0 for the JVM's default, {@code -Xss}): stack overflows are reduced on a
   * larger stack than the one they are verified with, so that the result keeps a margin.
   *
   * @throws FuzzTargetLoadException if the target cannot be loaded or initialized
   */
  public static TargetRunner open(
      TargetSpec spec, Duration runTimeout, boolean freshTargetPerRun, long workerStackBytes) {
    checkNotNull(spec, "spec");
    checkNotNull(runTimeout, "runTimeout");
    return FuzzerLifecycle.open(spec, runTimeout, freshTargetPerRun, workerStackBytes);
  }

  /**
   * A runner over {@code targetClass} as it is, loaded and initialized by someone else (Jazzer's
   * driver, when Whittle runs inside a fuzzing JVM): no loader of its own, no {@code
   * fuzzerInitialize}, and closing does not call {@code fuzzerTearDown}, all of which are the
   * owner's business. Every run uses the one class, so static state carries over.
   *
   * @param dataProviders the provider factory for {@code FuzzedDataProvider} targets, or null for
   *     Whittle's pure-Java one
   * @throws FuzzTargetLoadException if the class has no usable entry point
   */
  public static TargetRunner attach(
      Class<?> targetClass, FuzzedDataProviderFactory dataProviders, Duration runTimeout) {
    checkNotNull(targetClass, "targetClass");
    checkNotNull(runTimeout, "runTimeout");
    return AttachedLifecycle.attach(targetClass, dataProviders, runTimeout);
  }

  /**
   * A runner over the fuzz test method {@code method} of {@code testClass} (which declares or
   * inherits it), run through {@code lifecycle} ({@link TestMethodLifecycle}).
   *
   * @param dataProviders the provider factory for a {@code FuzzedDataProvider} parameter, or null
   *     for Whittle's pure-Java one
   * @param trapExits whether the test runs in Whittle's copy of its class, whose exit calls end the
   *     run instead of the JVM
   * @param workerStackBytes the stack of the thread the runs happen on (0 for the JVM's default)
   * @throws FuzzTargetLoadException if the method cannot be called, its parameters decoded, or the
   *     copy of its class loaded, initialized or set up
   */
  public static TargetRunner openTestMethod(
      Class<?> testClass,
      Method method,
      FuzzTestLifecycle lifecycle,
      FuzzedDataProviderFactory dataProviders,
      Duration runTimeout,
      boolean trapExits,
      long workerStackBytes) {
    checkNotNull(testClass, "testClass");
    checkNotNull(method, "method");
    checkNotNull(lifecycle, "lifecycle");
    checkNotNull(runTimeout, "runTimeout");
    return TestMethodLifecycle.open(
        testClass, method, lifecycle, dataProviders, runTimeout, trapExits, null, workerStackBytes);
  }

  /** Runs the target once on {@code input}; returns its finding, or null if it found nothing. */
  public Finding run(byte[] input) {
    checkNotNull(input, "input");
    return classify(runRaw(input, UnaryOperator.identity()));
  }

  /**
   * Runs the target once on {@code input} without watching the JVM's global state ({@link
   * #movedGlobals}): for the only run of a JVM started for it, whose state is a fresh JVM's by
   * definition, so that it does not pay for the first reading of every global watched.
   */
  public Finding runOnlyRunOfThisJvm(byte[] input) {
    checkNotNull(input, "input");
    runs++;
    return classify(lifecycle.run(watchdog, input, UnaryOperator.identity()));
  }

  /** What one run with coverage found: its finding (or null) and its features, sorted. */
  public record CoveredRun(Finding finding, long[] features) {}

  /**
   * Runs the target once on {@code input} and returns its finding and the coverage features its run
   * showed ({@link dev.whittle.jazzer.bytecode.analysis.Features}): the counters of the target's
   * instrumented classes are zeroed before the run and read after it. The runner MUST have been
   * opened with a spec that has {@linkplain TargetSpec#coverage() coverage}, and without a fresh
   * target per run. After a timeout the abandoned run may still be counting: open a new runner for
   * coverage that must be exact.
   */
  public CoveredRun runWithCoverage(byte[] input, EdgeNames names, boolean hitCounts) {
    checkNotNull(input, "input");
    checkNotNull(names, "names");
    checkState(
        lifecycle.countsCoverage(),
        "runWithCoverage needs a runner over a loaded target with coverage: %s",
        entry.className());
    ProbeCounters counters = lifecycle.probeCounters();
    counters.reset();
    Finding finding = classify(runRaw(input, UnaryOperator.identity()));
    return new CoveredRun(finding, counters.collect(names, hitCounts));
  }

  /** The counters of the shared target's instrumented classes (for figures and tests). */
  public ProbeCounters probeCounters() {
    return lifecycle.probeCounters();
  }

  /**
   * Runs a {@code FuzzedDataProvider} entry point once on {@code input} with a {@link
   * RecordingFuzzedDataProvider} around its provider and returns the consuming calls it made, for
   * value-level reduction. The run counts in {@link #runs()} like any other; its finding is not
   * reported. Empty for other entry points, and when the run did not complete (a timeout, an
   * interrupted caller, or with a fresh target per run a failed {@code fuzzerInitialize}).
   */
  public Optional<List<FuzzedDataCall>> recordCalls(byte[] input) {
    checkNotNull(input, "input");
    if (!takesDataProvider()) {
      return Optional.empty();
    }
    return CallRecording.record(wrap -> runRaw(input, wrap));
  }

  private RunWatchdog.RawRun runRaw(byte[] input, UnaryOperator<FuzzedDataProvider> wrap) {
    if (globals == null) {
      globals = GlobalState.baseline();
    }
    runs++;
    try {
      return lifecycle.run(watchdog, input, wrap);
    } finally {
      globals.afterRun();
    }
  }

  /**
   * The JVM-global state (default locale, time zone, system properties, ...) that the runs so far
   * changed: put back before each next run where it can be, and either way something a run in a
   * fresh JVM would not have seen. {@link MovedGlobals#NONE} before the first run.
   */
  public MovedGlobals movedGlobals() {
    return globals == null ? MovedGlobals.NONE : globals.moved();
  }

  /**
   * The run's finding, or null. An exit request wins over what the refused exit threw, wherever it
   * was asked for (a set-up, the call, a tear-down): an exit is a finding of its own.
   */
  private Finding classify(RunWatchdog.RawRun run) {
    if (run.ending() == RunWatchdog.Ending.TIMED_OUT) {
      return Finding.timeout();
    }
    if (run.exitRequested()) {
      return Finding.exit(run.exitStatus());
    }
    return classifier.classifyThrown(run.thrown());
  }

  public InputKind inputKind() {
    return entry.inputKind();
  }

  /** Whether the entry point takes a {@code FuzzedDataProvider}. */
  public boolean takesDataProvider() {
    return entry.inputKind() == InputKind.FUZZED_DATA_PROVIDER;
  }

  /** The entry points, as a reproducer needs them. */
  public FuzzTargetShape shape() {
    return entry.shape();
  }

  public String targetClassName() {
    return entry.className();
  }

  /** The fuzz test method each run calls, whose parameters a pass may need. */
  public Optional<Method> testMethod() {
    return Optional.ofNullable(entry.testMethod());
  }

  /**
   * How many classes of the target's class path each run defines anew with a fresh target per run,
   * as far as the runs so far needed them; 0 without a fresh target per run.
   */
  public int classesPerFreshTarget() {
    return lifecycle.classesPerFreshTarget();
  }

  /** Runs so far. */
  public long runs() {
    return runs;
  }

  /** Worker threads started so far: one, plus one after each timeout. */
  public int workersStarted() {
    return watchdog.workersStarted();
  }

  /** Whether the entry point sees Jazzer's runtime, so that its bug detectors report findings. */
  public boolean jazzerRuntimePresent() {
    return entry.jazzerRuntimePresent();
  }

  @Override
  public void close() {
    try {
      lifecycle.afterLastRun(watchdog);
    } finally {
      watchdog.close();
      if (globals != null) {
        globals.probeOneShots();
      }
    }
  }
}
