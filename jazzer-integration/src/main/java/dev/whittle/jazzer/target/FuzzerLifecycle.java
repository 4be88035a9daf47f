package dev.whittle.jazzer.target;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import dev.whittle.api.Durations;
import dev.whittle.jazzer.api.FuzzTargetLoadException;
import dev.whittle.jazzer.bytecode.runtime.ProbeCounters;
import dev.whittle.jazzer.finding.ClassLocations;
import dev.whittle.jazzer.finding.DedupToken;
import dev.whittle.jazzer.finding.FindingClassifier;
import java.time.Duration;
import java.util.function.UnaryOperator;

/**
 * The lifecycle of a fuzz target class Whittle loads, as Jazzer's standalone driver runs it: loaded
 * in its own child-first class loader, its static initializer and {@code fuzzerInitialize} before
 * the first run, {@code fuzzerTestOneInput} for each run, {@code fuzzerTearDown} after the last,
 * and the loader released. With a fresh target per run, all of that happens for every run, so that
 * no static state carries over from one input to the next. Every run's loader defines its classes
 * from the runner's {@link ClassFileCache}, read from the class path and rewritten once per runner:
 * each run still defines, links and initializes all of them anew.
 *
 * <p>Each run's target is loaded on the caller's thread, in sequence with the runs. Loading the
 * next run's target on a thread of its own while the current run ran (so that two cores overlap)
 * made the original of an overflow at the edge of the stack stop overflowing in its first fresh run
 * in some minimizations, which then refused it as flaky; it saved little more than the loading of
 * the target class itself.
 */
final class FuzzerLifecycle implements Lifecycle {
  private final TargetSpec spec;
  private final boolean freshTargetPerRun;

  /** The class files every run's loader defines, with a fresh target per run; else null. */
  private final ClassFileCache classFiles;

  /** The target every run uses; null with a fresh target per run, and once torn down. */
  private LoadedTarget shared;

  private FuzzerLifecycle(
      TargetSpec spec, boolean freshTargetPerRun, ClassFileCache classFiles, LoadedTarget shared) {
    this.spec = spec;
    this.freshTargetPerRun = freshTargetPerRun;
    this.classFiles = classFiles;
    this.shared = shared;
  }

  /**
   * Loads and initializes the target once, to learn its entry points, and keeps it for every run
   * unless each run gets a fresh one.
   *
   * @throws FuzzTargetLoadException if the target cannot be loaded or initialized
   */
  static TargetRunner open(
      TargetSpec spec, Duration runTimeout, boolean freshTargetPerRun, long workerStackBytes) {
    RunWatchdog watchdog = new RunWatchdog(runTimeout, workerStackBytes);
    // A runner over one loaded target reads each class once anyway: no copy of its class files.
    ClassFileCache classFiles = freshTargetPerRun ? new ClassFileCache() : null;
    LoadedTarget first = null;
    try {
      first = loadAndInitialize(spec, watchdog, classFiles);
      String entryClass = FuzzTestMethodEntry.className(spec.className());
      FindingClassifier classifier =
          new FindingClassifier(
              new DedupToken(
                  entryClass,
                  FuzzTestMethodEntry.names(spec.className())
                      ? FuzzTestMethodEntry.methodName(spec.className())
                      : FuzzTargetClass.TEST_ONE_INPUT,
                  ProviderFrames.internalPrefixes(entryClass, first.dataProviders())),
              ClassLocations.over(spec.classPath(), spec.parent()));
      TargetRunner.Entry entry = first.entry(spec.className());
      if (freshTargetPerRun) {
        tearDownAndClose(first, watchdog);
        first = null;
      }
      return new TargetRunner(
          new FuzzerLifecycle(spec, freshTargetPerRun, classFiles, first),
          watchdog,
          classifier,
          entry);
    } catch (RuntimeException | Error e) {
      if (first != null) {
        first.close();
      }
      watchdog.close();
      throw e;
    }
  }

  @Override
  public RunWatchdog.RawRun run(
      RunWatchdog watchdog, byte[] input, UnaryOperator<FuzzedDataProvider> wrap) {
    if (!freshTargetPerRun) {
      return watchdog.run(shared.runBody(wrap), input);
    }
    LoadedTarget fresh = load(spec, watchdog, classFiles);
    try {
      RunWatchdog.RawRun init =
          watchdog.runAtLeast(
              fresh.initializeBody(spec.targetArgs()), input, TargetRunner.INITIALIZE_TIMEOUT);
      if (init.ending() != RunWatchdog.Ending.COMPLETED || init.thrown() != null) {
        // What initialization threw is this run's finding, as the target's own.
        return init.thrown() instanceof InitializationFailure failure
            ? new RunWatchdog.RawRun(
                init.ending(), failure.getCause(), init.exitRequested(), init.exitStatus())
            : init;
      }
      return watchdog.run(fresh.runBody(wrap), input);
    } finally {
      tearDownAndClose(fresh, watchdog);
    }
  }

  @Override
  public void afterLastRun(RunWatchdog watchdog) {
    if (shared != null) {
      LoadedTarget last = shared;
      shared = null;
      tearDownAndClose(last, watchdog);
    }
  }

  @Override
  public int classesPerFreshTarget() {
    return classFiles == null ? 0 : classFiles.size();
  }

  @Override
  public boolean countsCoverage() {
    return spec.coverage() != null && !freshTargetPerRun;
  }

  @Override
  public ProbeCounters probeCounters() {
    if (shared == null) {
      throw new IllegalStateException("no shared target: " + spec.className());
    }
    return shared.probeCounters();
  }

  private static LoadedTarget loadAndInitialize(
      TargetSpec spec, RunWatchdog watchdog, ClassFileCache classFiles) {
    LoadedTarget target = load(spec, watchdog, classFiles);
    RunWatchdog.RawRun init =
        watchdog.runAtLeast(
            target.initializeBody(spec.targetArgs()), new byte[0], TargetRunner.INITIALIZE_TIMEOUT);
    if (init.ending() != RunWatchdog.Ending.COMPLETED) {
      target.close();
      throw new FuzzTargetLoadException(
          spec.className(),
          unfinishedInitialization(
              spec.className(),
              target.unfinishedInitializationStep(),
              init.ending(),
              watchdog.atLeast(TargetRunner.INITIALIZE_TIMEOUT)));
    }
    if (init.exitRequested()) {
      target.close();
      throw LoadedTarget.initializationExited(spec.className(), init.exitStatus());
    }
    if (init.thrown() instanceof InitializationFailure failure) {
      target.close();
      throw failure.toLoadException(
          spec.className(),
          ClassLocations.over(spec.classPath(), spec.parent()),
          spec.targetArgs());
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
   * The message for an initialization stopped at {@code step}: the step that hung (a target without
   * {@code fuzzerInitialize} can only hang in its static initializer), and for a time limit, how
   * long it is and what sets it.
   */
  private static String unfinishedInitialization(
      String className,
      InitializationFailure.Step step,
      RunWatchdog.Ending ending,
      Duration limit) {
    String what =
        step == InitializationFailure.Step.FUZZER_INITIALIZE
            ? FuzzTargetClass.INITIALIZE + " of " + className
            : "the static initializer of " + className;
    if (ending != RunWatchdog.Ending.TIMED_OUT) {
      return what + " was interrupted before it finished";
    }
    return what
        + " did not finish within "
        + Durations.format(limit)
        + " (a target's initialization may take "
        + Durations.format(TargetRunner.INITIALIZE_TIMEOUT)
        + ", or the per-call timeout when that is longer: raise it with --timeout, or"
        + " withRunTimeout in the API)";
  }

  /**
   * Loads the target {@code spec} names, in a loader whose exits count for the watchdog's runs and
   * which defines its classes from {@code classFiles} (null for none).
   */
  private static LoadedTarget load(
      TargetSpec spec, RunWatchdog watchdog, ClassFileCache classFiles) {
    return LoadedTarget.load(
        spec.className(),
        spec.classPath(),
        spec.parent(),
        spec.dataProviders(),
        spec.trapExits(),
        spec.checkAllocations(),
        spec.coverage(),
        watchdog.currentRun(),
        classFiles);
  }

  /**
   * {@code fuzzerTearDown} errors are ignored: the runs' results stand, as in Jazzer. A target
   * without one is only closed: handing the worker a body that does nothing would cost a run.
   */
  private static void tearDownAndClose(LoadedTarget target, RunWatchdog watchdog) {
    try {
      if (target.target().tearDown().isPresent()) {
        watchdog.run(target.tearDownBody(), new byte[0]);
      }
    } finally {
      target.close();
    }
  }
}
