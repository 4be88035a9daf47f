package dev.whittle.jazzer.target;

import static com.google.common.base.Preconditions.checkNotNull;
import static com.google.common.base.Preconditions.checkState;
import static org.apiguardian.api.API.Status.INTERNAL;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.FuzzTargetLoadException;
import dev.whittle.jazzer.api.FuzzTargetShape;
import dev.whittle.jazzer.api.FuzzedDataProviderFactory;
import dev.whittle.jazzer.coverage.EdgeNames;
import dev.whittle.jazzer.coverage.ProbeCounters;
import dev.whittle.jazzer.fdp.FuzzedDataCall;
import dev.whittle.jazzer.fdp.RecordingFuzzedDataProvider;
import dev.whittle.jazzer.finding.ClassLocations;
import dev.whittle.jazzer.finding.DedupToken;
import dev.whittle.jazzer.finding.FindingClassifier;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.apiguardian.api.API;

/**
 * Runs one fuzz target in this JVM, input after input, and says what each run found. The target is
 * loaded in its own child-first class loader and initialized when the session opens (or, with a
 * fresh loader per attempt, before each run); closing the session calls {@code fuzzerTearDown} and
 * releases the loader. Not thread-safe: one caller at a time.
 */
@API(status = INTERNAL)
public final class TargetSession implements AttemptSession {
  /** Where the target comes from; null for an {@linkplain #attach attached} one. */
  private final TargetSpec spec;

  private final String className;
  private final boolean freshLoaderPerAttempt;
  private final AttemptRunner runner;
  private final FindingClassifier classifier;
  private final boolean jazzerRuntimePresent;
  private final FuzzTargetShape shape;
  private LoadedTarget shared;
  private long runs;

  private TargetSession(
      TargetSpec spec,
      boolean freshLoaderPerAttempt,
      AttemptRunner runner,
      FindingClassifier classifier,
      boolean jazzerRuntimePresent,
      FuzzTargetShape shape,
      LoadedTarget shared) {
    this.spec = spec;
    this.className = spec != null ? spec.className() : shared.className();
    this.freshLoaderPerAttempt = freshLoaderPerAttempt;
    this.runner = runner;
    this.classifier = classifier;
    this.jazzerRuntimePresent = jazzerRuntimePresent;
    this.shape = shape;
    this.shared = shared;
  }

  /** The least time {@code fuzzerInitialize} gets, whatever the call timeout. */
  public static final Duration INITIALIZE_TIMEOUT = Duration.ofSeconds(30);

  /**
   * Loads and initializes the target.
   *
   * @param callTimeout how long one run, {@code fuzzerInitialize} or {@code fuzzerTearDown} may
   *     take
   * @param freshLoaderPerAttempt whether each run gets a freshly loaded and initialized target
   * @throws FuzzTargetLoadException if the target cannot be loaded or initialized
   */
  public static TargetSession open(
      TargetSpec spec, Duration callTimeout, boolean freshLoaderPerAttempt) {
    return open(spec, callTimeout, freshLoaderPerAttempt, 0);
  }

  /**
   * Loads and initializes the target, to run on worker threads with a stack of {@code
   * workerStackBytes} (0 for the JVM's default, {@code -Xss}): stack overflows are reduced on a
   * larger stack than the one they are verified with, so that the result keeps a margin.
   *
   * @throws FuzzTargetLoadException if the target cannot be loaded or initialized
   */
  public static TargetSession open(
      TargetSpec spec, Duration callTimeout, boolean freshLoaderPerAttempt, long workerStackBytes) {
    checkNotNull(spec, "spec");
    checkNotNull(callTimeout, "callTimeout");
    AttemptRunner runner = new AttemptRunner(callTimeout, workerStackBytes);
    LoadedTarget first = null;
    try {
      first = loadAndInitialize(spec, runner);
      String entryClass = FuzzTestMethodEntry.className(spec.className());
      FindingClassifier classifier =
          new FindingClassifier(
              new DedupToken(
                  entryClass,
                  FuzzTestMethodEntry.names(spec.className())
                      ? FuzzTestMethodEntry.methodName(spec.className())
                      : FuzzTargetClass.TEST_ONE_INPUT,
                  providerPrefixes(entryClass, first)),
              ClassLocations.over(spec.classPath(), spec.parent()));
      boolean runtimePresent = first.runtime().isPresent();
      FuzzTargetShape shape = first.target().shape();
      if (freshLoaderPerAttempt) {
        tearDownAndClose(first, runner);
        first = null;
      }
      return new TargetSession(
          spec, freshLoaderPerAttempt, runner, classifier, runtimePresent, shape, first);
    } catch (RuntimeException | Error e) {
      if (first != null) {
        first.close();
      }
      runner.close();
      throw e;
    }
  }

  /**
   * A session over {@code targetClass} as it is, loaded and initialized by someone else (Jazzer's
   * driver, when Whittle runs inside a fuzzing JVM): no loader of its own, no {@code
   * fuzzerInitialize}, and closing does not call {@code fuzzerTearDown}, all of which are the
   * owner's business. Every run uses the one class, so static state carries over.
   *
   * @param dataProviders the provider factory for {@code FuzzedDataProvider} targets, or null for
   *     Whittle's pure-Java one
   * @throws FuzzTargetLoadException if the class has no usable entry point
   */
  public static TargetSession attach(
      Class<?> targetClass, FuzzedDataProviderFactory dataProviders, Duration callTimeout) {
    checkNotNull(targetClass, "targetClass");
    checkNotNull(callTimeout, "callTimeout");
    LoadedTarget target = LoadedTarget.attach(targetClass, dataProviders);
    AttemptRunner runner = new AttemptRunner(callTimeout);
    FindingClassifier classifier =
        new FindingClassifier(
            new DedupToken(
                targetClass.getName(),
                FuzzTargetClass.TEST_ONE_INPUT,
                providerPrefixes(targetClass.getName(), target)),
            ClassLocations.of(targetClass.getClassLoader()));
    return new TargetSession(
        null,
        false,
        runner,
        classifier,
        target.runtime().isPresent(),
        target.target().shape(),
        target);
  }

  /** Runs the target once on {@code input}; returns its finding, or null if it found nothing. */
  public Finding run(byte[] input) {
    checkNotNull(input, "input");
    return classify(runRaw(input, UnaryOperator.identity()));
  }

  /** What one run with coverage found: its finding (or null) and its features, sorted. */
  public record CoveredRun(Finding finding, long[] features) {}

  /**
   * Runs the target once on {@code input} and returns its finding and the coverage features its run
   * showed ({@link dev.whittle.jazzer.coverage.Features}): the counters of the target's
   * instrumented classes are zeroed before the run and read after it. The session MUST have been
   * opened with a spec that has {@linkplain TargetSpec#coverage() coverage}, and without a fresh
   * loader per attempt. After a timeout the abandoned run may still be counting: open a new session
   * for coverage that must be exact.
   */
  public CoveredRun runWithCoverage(byte[] input, EdgeNames names, boolean hitCounts) {
    checkNotNull(input, "input");
    checkNotNull(names, "names");
    checkState(
        spec != null && spec.coverage() != null && !freshLoaderPerAttempt,
        "runWithCoverage needs a session over a loaded target with coverage: %s",
        className);
    ProbeCounters counters = shared.probeCounters();
    counters.reset();
    Finding finding = classify(runRaw(input, UnaryOperator.identity()));
    return new CoveredRun(finding, counters.collect(names, hitCounts));
  }

  /** The counters of the shared target's instrumented classes (for figures and tests). */
  public ProbeCounters probeCounters() {
    checkState(shared != null, "no shared target: %s", className);
    return shared.probeCounters();
  }

  /** The run's finding, or null. An exit request wins over what the refused exit threw. */
  private Finding classify(AttemptRunner.RawRun run) {
    if (run.ending() == AttemptRunner.Ending.TIMED_OUT) {
      return Finding.timeout();
    }
    if (run.exitRequested()) {
      return Finding.exit(run.exitStatus());
    }
    return classifier.classifyThrown(run.thrown());
  }

  /**
   * Runs a {@code FuzzedDataProvider} target once on {@code input} with a {@link
   * RecordingFuzzedDataProvider} around its provider and returns the consuming calls it made, for
   * value-level reduction. The run counts in {@link #runs()} like any other; its finding is not
   * reported. Empty for a {@code byte[]} target, and when the run did not complete (a timeout, an
   * interrupted caller, or with a fresh loader per attempt a failed {@code fuzzerInitialize}).
   */
  public Optional<List<FuzzedDataCall>> recordCalls(byte[] input) {
    checkNotNull(input, "input");
    if (!shape.takesDataProvider()) {
      return Optional.empty();
    }
    return CallRecording.record(wrap -> runRaw(input, wrap));
  }

  /** Whether the target takes a {@code FuzzedDataProvider} rather than {@code byte[]}. */
  @Override
  public boolean takesDataProvider() {
    return shape.takesDataProvider();
  }

  @Override
  public InputKind inputKind() {
    return shape.takesDataProvider() ? InputKind.FUZZED_DATA_PROVIDER : InputKind.BYTES;
  }

  /** The target's entry points, as a reproducer needs them. */
  public FuzzTargetShape shape() {
    return shape;
  }

  private AttemptRunner.RawRun runRaw(byte[] input, UnaryOperator<FuzzedDataProvider> wrap) {
    runs++;
    if (!freshLoaderPerAttempt) {
      return runner.run(shared.runBody(wrap), input);
    }
    LoadedTarget fresh = load(spec, runner);
    try {
      AttemptRunner.RawRun init =
          runner.runAtLeast(fresh.initializeBody(spec.targetArgs()), input, INITIALIZE_TIMEOUT);
      if (init.ending() != AttemptRunner.Ending.COMPLETED || init.thrown() != null) {
        // What initialization threw is this run's finding, as the target's own.
        return init.thrown() instanceof InitializationFailure failure
            ? new AttemptRunner.RawRun(
                init.ending(), failure.getCause(), init.exitRequested(), init.exitStatus())
            : init;
      }
      return runner.run(fresh.runBody(wrap), input);
    } finally {
      tearDownAndClose(fresh, runner);
    }
  }

  public String targetClassName() {
    return className;
  }

  /** Runs of the target so far. */
  public long runs() {
    return runs;
  }

  /** Worker threads started so far: one, plus one after each timeout. */
  public int workersStarted() {
    return runner.workersStarted();
  }

  /** Whether the target sees Jazzer's runtime, so that its bug detectors report findings. */
  public boolean jazzerRuntimePresent() {
    return jazzerRuntimePresent;
  }

  @Override
  public void close() {
    try {
      if (shared != null && spec == null) {
        shared.close();
        shared = null;
      } else if (shared != null) {
        tearDownAndClose(shared, runner);
        shared = null;
      }
    } finally {
      runner.close();
    }
  }

  private static LoadedTarget loadAndInitialize(TargetSpec spec, AttemptRunner runner) {
    LoadedTarget target = load(spec, runner);
    AttemptRunner.RawRun init =
        runner.runAtLeast(
            target.initializeBody(spec.targetArgs()), new byte[0], INITIALIZE_TIMEOUT);
    if (init.ending() != AttemptRunner.Ending.COMPLETED) {
      target.close();
      throw new FuzzTargetLoadException(
          spec.className(),
          FuzzTargetClass.INITIALIZE
              + " of "
              + spec.className()
              + " did not finish within its time limit ("
              + init.ending()
              + ")");
    }
    if (init.exitRequested()) {
      target.close();
      throw LoadedTarget.initializationExited(spec.className(), init.exitStatus());
    }
    if (init.thrown() instanceof InitializationFailure failure) {
      target.close();
      throw failure.toLoadException(
          spec.className(), ClassLocations.over(spec.classPath(), spec.parent()));
    }
    if (init.thrown() != null) {
      target.close();
      throw new FuzzTargetLoadException(
          spec.className(),
          "initializing " + spec.className() + " failed: " + init.thrown(),
          init.thrown());
    }
    return target;
  }

  /**
   * Loads the target {@code spec} names, in a loader whose exits count for {@code runner}'s runs.
   */
  private static LoadedTarget load(TargetSpec spec, AttemptRunner runner) {
    return LoadedTarget.load(
        spec.className(),
        spec.classPath(),
        spec.parent(),
        spec.dataProviders(),
        spec.trapExits(),
        spec.coverage(),
        runner.runningAttempt());
  }

  /** {@code fuzzerTearDown} errors are ignored: the runs' results stand, as in Jazzer. */
  private static void tearDownAndClose(LoadedTarget target, AttemptRunner runner) {
    try {
      runner.run(target.tearDownBody(), new byte[0]);
    } finally {
      target.close();
    }
  }

  private static List<String> providerPrefixes(String className, LoadedTarget target) {
    return ProviderFrames.internalPrefixes(className, target.dataProviders());
  }
}
