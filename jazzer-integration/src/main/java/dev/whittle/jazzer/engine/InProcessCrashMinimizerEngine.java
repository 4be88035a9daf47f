package dev.whittle.jazzer.engine;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.Oracle;
import dev.whittle.api.OriginalNotInterestingException;
import dev.whittle.api.ProgressListener;
import dev.whittle.api.Reduction;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.ValueReducer;
import dev.whittle.api.Whittle;
import dev.whittle.jazzer.api.CrashMinimizer;
import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.FlakyFindingException;
import dev.whittle.jazzer.api.FreshJvmVerification;
import dev.whittle.jazzer.api.MatchMode;
import dev.whittle.jazzer.api.MinimizationResult;
import dev.whittle.jazzer.api.NoFindingException;
import dev.whittle.jazzer.api.Phases;
import dev.whittle.jazzer.api.UnexpectedFindingException;
import dev.whittle.jazzer.api.Verification;
import dev.whittle.jazzer.api.spi.CrashMinimizerEngine;
import dev.whittle.jazzer.passes.ValueReducerChoice;
import dev.whittle.jazzer.runtime.JazzerAgent;
import dev.whittle.jazzer.target.AttemptSession;
import dev.whittle.jazzer.target.FuzzTestSession;
import dev.whittle.jazzer.target.TargetSession;
import dev.whittle.jazzer.target.TargetSpec;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * {@link CrashMinimizer}'s implementation: Jazzer's bug detectors when its runtime is there ({@link
 * JazzerAgent}), reproduction check, reduction with the {@link InProcessOracle}, verification of
 * the result in a freshly loaded target.
 */
@API(status = INTERNAL)
public final class InProcessCrashMinimizerEngine implements CrashMinimizerEngine {
  @Override
  public Optional<String> bugDetectorStatus() {
    return Optional.ofNullable(JazzerAgent.current()).map(JazzerAgent.Status::message);
  }

  @Override
  public Optional<String> describeInput(CrashMinimizer minimizer, byte[] input) {
    return minimizer.fuzzTestMethod().flatMap(method -> ValueReducerChoice.describe(method, input));
  }

  @Override
  public MinimizationResult minimize(CrashMinimizer minimizer, byte[] crash, String crashName) {
    long start = System.nanoTime();
    if (minimizer.fuzzTestMethod().isPresent()) {
      // A fuzz test runs under jazzer-junit, which installed Jazzer's agent as it wanted it (or
      // not): Whittle installs nothing into the test framework's JVM.
      return minimize(minimizer, crash, crashName, start);
    }
    Phases.end("arguments, checks and minimizer");
    if (JazzerAgent.mode() == JazzerAgent.Mode.ALWAYS) {
      JazzerAgent.ensureInstalled();
      Phases.end("Jazzer agent");
    }
    try {
      return minimize(minimizer, crash, crashName, start);
    } catch (NoFindingException e) {
      // Maybe a bug detector's finding: those need Jazzer's agent, which costs seconds to install,
      // so it is installed the first time a crash does not crash without it.
      if (JazzerAgent.mode() != JazzerAgent.Mode.AUTO
          || JazzerAgent.current() != null
          || !JazzerAgent.ensureInstalled().installed()) {
        throw e;
      }
      Phases.end("Jazzer agent");
      return minimize(minimizer, crash, crashName, start);
    }
  }

  private MinimizationResult minimize(
      CrashMinimizer minimizer, byte[] crash, String crashName, long start) {
    return minimize(minimizer, crash, crashName, start, 0, null, minimizer.callTimeout(), 0);
  }

  /**
   * @param runsBefore runs of an earlier session given up for this one, which count too
   * @param established the crash's finding as an earlier session established it, or null to
   *     establish it here. Kept rather than established again: HotSpot gives only the first few
   *     out-of-memory errors of a JVM a stack trace, so a later check could see a frameless one.
   * @param verificationTimeout the per-call timeout of the fresh JVMs: the user's, where {@code
   *     minimizer}'s may be a {@link ResourceRunDeadline} for the reduction
   * @param workerStackBytes the stack to reduce on ({@link OverflowStack}), 0 for the default
   */
  private MinimizationResult minimize(
      CrashMinimizer minimizer,
      byte[] crash,
      String crashName,
      long start,
      long runsBefore,
      Finding established,
      Duration verificationTimeout,
      long workerStackBytes) {
    try (StackedSession stacked =
        established == null
            ? new StackedSession(openSession(minimizer, minimizer.freshLoaderPerAttempt(), 0), 0)
            : StackedSession.open(minimizer, crash, established, workerStackBytes)) {
      AttemptSession session = stacked.session();
      Phases.end("target loading");
      long establishStart = System.nanoTime();
      Finding original =
          established != null
              ? established
              : ReproductionCheck.establish(
                  session, crash, crashName, minimizer.reproductionRuns(), minimizer.matchMode());
      if (established == null) {
        checkExpected(minimizer, original, crashName);
      }
      Phases.end("reproduction runs");
      if (established == null && isResourceFinding(minimizer, original)) {
        // Reopened with a fresh loader per candidate (stack overflows) and a per-run deadline
        // from the crash's own run time; the crash's finding is kept, not established again.
        long runs = session.runs();
        Duration deadline =
            ResourceRunDeadline.of(
                minimizer.callTimeout(), (System.nanoTime() - establishStart) / Math.max(1, runs));
        session.close();
        return minimize(
            minimizer
                .withFreshLoaderPerAttempt(
                    minimizer.freshLoaderPerAttempt() || needsFreshLoaders(original))
                .withCallTimeout(deadline),
            crash,
            crashName,
            start,
            runsBefore + runs,
            original,
            minimizer.callTimeout(),
            needsFreshLoaders(original)
                ? OverflowStack.reductionBytes(freshJvmArgs(minimizer))
                : 0);
      }
      if (established == null && isFuzzTestOverflow(minimizer, original)) {
        // Reduced on a larger worker stack than the test runs on, as resource findings above.
        long runs = session.runs();
        session.close();
        return minimize(
            minimizer,
            crash,
            crashName,
            start,
            runsBefore + runs,
            original,
            verificationTimeout,
            OverflowStack.reductionBytes(FreshJvmCheck.limitsOfThisJvm()));
      }
      ReductionResult<byte[]> reduction;
      long helperRuns;
      FreshJvmBackOff.Improvements improvements = new FreshJvmBackOff.Improvements();
      try (Helpers helpers =
          Helpers.open(minimizer, jobsFor(minimizer, session), stacked.stackBytes())) {
        reduction = reduce(minimizer, session, helpers, crash, crashName, original, improvements);
        helperRuns = helpers.runs();
      }
      byte[] minimized = reduction.reduced();
      Phases.end("reduction");
      Verification verification =
          new Verification(false, Verification.NONE, "interrupted before verification");
      long verificationRuns = 0;
      // An interrupted caller wants the best so far now; a fresh target would not even load, as
      // every run of an interrupted thread ends at once.
      if (!Thread.currentThread().isInterrupted()) {
        if (usesFreshJvms(minimizer, original)) {
          FreshJvmBackOff.Chosen chosen =
              FreshJvmBackOff.choose(
                  improvements.candidates(minimized, crash),
                  freshJvmCheck(minimizer, verificationTimeout),
                  original,
                  minimizer.matchMode(),
                  minimizer.freshJvmRuns());
          minimized = chosen.input();
          verification = stacked.describe(chosen.verification());
          verificationRuns = chosen.jvmRuns();
          Phases.end("fresh-JVM verification");
        } else {
          try (AttemptSession fresh = openSession(minimizer, false, 0)) {
            Finding again = fresh.run(minimized);
            boolean verified = again != null && minimizer.matchMode().matches(original, again);
            verification =
                new Verification(
                    verified,
                    sameTarget(minimizer)
                        ? Verification.SAME_TARGET
                        : Verification.FRESH_CLASS_LOADER,
                    verified ? "" : "no matching finding when run again: " + again);
            verificationRuns = fresh.runs();
          }
          Phases.end("fresh-loader verification");
        }
      }
      return new MinimizationResult(
          crash,
          minimized,
          original,
          reduction,
          runsBefore + stacked.runs() + helperRuns + verificationRuns,
          (System.nanoTime() - start) / 1_000_000,
          verification,
          session.shape());
    }
  }

  /**
   * Stops before reducing a finding other than the one the test framework reported: a thrown one of
   * another class, or an exit (which the framework's run cannot have had, as it would have ended
   * the JVM). Timeouts are reported by frameworks in their own ways and are not checked.
   */
  private static void checkExpected(CrashMinimizer minimizer, Finding original, String crashName) {
    Optional<String> expected = minimizer.expectedFailure();
    if (expected.isEmpty() || original.kind() == Finding.Kind.TIMEOUT) {
      return;
    }
    if (original.kind() == Finding.Kind.EXIT
        || !original.exceptionClassName().equals(expected.get())) {
      throw new UnexpectedFindingException(crashName, expected.get(), original);
    }
  }

  /**
   * Whether verifying runs the very class the reduction ran: a loaded target's, or a fuzz test's
   * own class without the exit guard; otherwise a fresh session loads a fresh copy.
   */
  private static boolean sameTarget(CrashMinimizer minimizer) {
    return minimizer.loadedTarget().isPresent()
        || (minimizer.fuzzTestMethod().isPresent() && !minimizer.exitGuard());
  }

  /**
   * Stack overflows are reduced with a freshly loaded target per candidate. A stack overflow
   * strikes not only in the recursion but also in what runs at its deepest point: building an
   * exception, the first string concatenation or lambda of a call site (linked with a bootstrap
   * that takes hundreds of frames), the first loading of a class. How much stack those take depends
   * on what the target's loader has already loaded and linked, so one warm loader keeps candidates
   * that overflow nowhere else: the NestedListFuzzer sample went from 385 to 30 bytes, 0 of 3 fresh
   * JVMs reproducing it; with a loader per candidate to 168 bytes, 3 of 3 (the JIT's state is still
   * shared, which the fresh-JVM verification covers). For small targets a loader costs a few
   * milliseconds a run.
   */
  private static boolean needsFreshLoaders(Finding original) {
    return original.kind() == Finding.Kind.THROWN
        && original.exceptionClassName().equals(StackOverflowError.class.getName());
  }

  /**
   * A stack overflow of a {@code @FuzzTest}, verified in this JVM on the default stack the test
   * runs on: reduced on a larger one ({@link OverflowStack}).
   */
  private static boolean isFuzzTestOverflow(CrashMinimizer minimizer, Finding original) {
    return minimizer.fuzzTestMethod().isPresent() && needsFreshLoaders(original);
  }

  /**
   * A stack overflow or out-of-memory error of a target Whittle loads, unless fresh JVMs are off:
   * reduced with a fresh loader per candidate (stack overflows) and a {@link ResourceRunDeadline}.
   */
  private static boolean isResourceFinding(CrashMinimizer minimizer, Finding original) {
    return minimizer.loadedTarget().isEmpty()
        && minimizer.fuzzTestMethod().isEmpty()
        && minimizer.freshJvmVerification() != FreshJvmVerification.OFF
        && FreshJvmVerification.isResourceFinding(original);
  }

  /**
   * Fresh JVMs verify where the minimizer's mode asks for them, never for a loaded target: it lives
   * in a JVM (a Jazzer run's) whose instrumentation and state no fresh JVM would have; nor for a
   * {@code @FuzzTest}, whose test class and lifecycle only its test framework can set up.
   */
  private static boolean usesFreshJvms(CrashMinimizer minimizer, Finding original) {
    return minimizer.loadedTarget().isEmpty()
        && minimizer.fuzzTestMethod().isEmpty()
        && minimizer.freshJvmVerification().appliesTo(original);
  }

  private static FreshJvmCheck freshJvmCheck(CrashMinimizer minimizer, Duration callTimeout) {
    JazzerAgent.Status agent = JazzerAgent.current();
    return new FreshJvmCheck(
        freshJvmArgs(minimizer),
        minimizer.targetClass(),
        minimizer.classPath(),
        minimizer.targetArgs(),
        callTimeout,
        agent != null && agent.installed());
  }

  /** The options of the fresh JVMs that verify: the user's, else this JVM's limits. */
  private static List<String> freshJvmArgs(CrashMinimizer minimizer) {
    return minimizer.freshJvmArgs().orElseGet(FreshJvmCheck::limitsOfThisJvm);
  }

  /**
   * The session a reduction runs in, on the stack it was opened with, and the runs of a session
   * given up for it.
   */
  private record StackedSession(AttemptSession session, long stackBytes, long runsGivenUp)
      implements AutoCloseable {
    StackedSession(AttemptSession session, long stackBytes) {
      this(session, stackBytes, 0);
    }

    /**
     * A session on a worker stack of {@code stackBytes} if the crash gives its finding there, else
     * on the default stack: a crash found at the default stack may not overflow a larger one, and
     * is then reduced without the margin, as before.
     */
    static StackedSession open(
        CrashMinimizer minimizer, byte[] crash, Finding original, long stackBytes) {
      boolean fresh = minimizer.freshLoaderPerAttempt();
      if (stackBytes == 0) {
        return new StackedSession(openSession(minimizer, fresh, 0), 0);
      }
      AttemptSession larger = openSession(minimizer, fresh, stackBytes);
      Finding there;
      try {
        there = larger.run(crash);
      } catch (RuntimeException | Error e) {
        larger.close();
        throw e;
      }
      if (there != null && minimizer.matchMode().matches(original, there)) {
        return new StackedSession(larger, stackBytes);
      }
      long runs = larger.runs();
      larger.close();
      return new StackedSession(openSession(minimizer, fresh, 0), 0, runs);
    }

    long runs() {
      return runsGivenUp + session.runs();
    }

    /** The verification, with the stack the reduction ran on where it was not the default. */
    Verification describe(Verification verification) {
      if (stackBytes == 0) {
        return verification;
      }
      return new Verification(
          verification.verified(),
          verification.method(),
          verification.detail() + "; reduced on a " + (stackBytes >> 10) + " KiB stack");
    }

    @Override
    public void close() {
      session.close();
    }
  }

  /**
   * Jobs beyond the first need sessions of their own. Jazzer's detectors report into one static
   * slot per JVM, so a target that sees Jazzer's runtime runs one candidate at a time, and so does
   * an already-loaded target, which cannot be loaded again.
   */
  private static int jobsFor(CrashMinimizer minimizer, AttemptSession session) {
    return session.jazzerRuntimePresent()
            || minimizer.loadedTarget().isPresent()
            || minimizer.fuzzTestMethod().isPresent()
        ? 1
        : minimizer.jobs();
  }

  /**
   * A session over a freshly loaded target, or over the one {@link CrashMinimizer#forLoadedTarget}
   * gave, which is all there is to verify with, or over the fuzz test method {@link
   * CrashMinimizer#forFuzzTest} gave.
   */
  private static AttemptSession openSession(
      CrashMinimizer minimizer, boolean freshPerAttempt, long workerStackBytes) {
    if (minimizer.fuzzTestMethod().isPresent()) {
      return FuzzTestSession.open(
          minimizer.fuzzTestClass().orElseThrow(),
          minimizer.fuzzTestMethod().get(),
          minimizer.fuzzTestLifecycle().orElseThrow(),
          minimizer.fuzzedDataProviderFactory().orElse(null),
          minimizer.callTimeout(),
          minimizer.exitGuard(),
          workerStackBytes);
    }
    if (minimizer.loadedTarget().isPresent()) {
      return TargetSession.attach(
          minimizer.loadedTarget().get(),
          minimizer.fuzzedDataProviderFactory().orElse(null),
          minimizer.callTimeout());
    }
    return TargetSession.open(
        specOf(minimizer), minimizer.callTimeout(), freshPerAttempt, workerStackBytes);
  }

  private static ReductionResult<byte[]> reduce(
      CrashMinimizer minimizer,
      AttemptSession session,
      Helpers helpers,
      byte[] crash,
      String crashName,
      Finding original,
      FreshJvmBackOff.Improvements improvements) {
    InProcessOracle oracle = new InProcessOracle(session, original, minimizer.matchMode());
    Reduction<byte[]> reduction =
        Whittle.reduce(SequenceInputs.bytes(crash))
            .withAlgorithm(minimizer.algorithm())
            .withBudget(minimizer.budget())
            .withJobs(helpers.sessions.size() + 1)
            // Value reducers remove chunks and provider calls wholesale that byte deletion
            // would otherwise take apart a byte at a time: 661 runs instead of 2,180 on the
            // ChunkedImage sample, 99 instead of 1,739 on RingBuffer (docs/benchmarks.md).
            .withValueReducersFirst(true)
            .withImprovementListener(improvements);
    if (minimizer.valueReduction()) {
      for (ValueReducer<byte[]> valueReducer : ValueReducerChoice.forSession(session)) {
        reduction = reduction.withValueReducer(valueReducer);
      }
    }
    for (ProgressListener listener : minimizer.progressListeners()) {
      reduction = reduction.withProgressListener(listener);
    }
    Oracle<byte[]> asked = helpers.sessions.isEmpty() ? oracle : helpers.pool(oracle, original);
    if (minimizer.valueReduction()) {
      asked = ValueReducerChoice.restrict(session, crash, asked);
    }
    try {
      return reduction.run(asked);
    } catch (OriginalNotInterestingException e) {
      // The reduction asks the original once more; a finding that fails now is flaky after all.
      List<Finding> findings =
          new ArrayList<>(Collections.nCopies(minimizer.reproductionRuns(), original));
      findings.add(oracle.lastFinding());
      FlakyFindingException flaky =
          new FlakyFindingException(crashName, findings, minimizer.reproductionRuns());
      flaky.addSuppressed(e);
      throw flaky;
    }
  }

  /** The sessions of the jobs beyond the first, each with its own loader; closed together. */
  private static final class Helpers implements AutoCloseable {
    final List<TargetSession> sessions = new ArrayList<>();
    private final MatchMode matchMode;

    private Helpers(MatchMode matchMode) {
      this.matchMode = matchMode;
    }

    static Helpers open(CrashMinimizer minimizer, int jobs, long workerStackBytes) {
      Helpers helpers = new Helpers(minimizer.matchMode());
      if (jobs == 1) {
        return helpers;
      }
      TargetSpec spec = specOf(minimizer);
      try {
        for (int job = 1; job < jobs; job++) {
          helpers.sessions.add(
              TargetSession.open(
                  spec,
                  minimizer.callTimeout(),
                  minimizer.freshLoaderPerAttempt(),
                  workerStackBytes));
        }
        return helpers;
      } catch (RuntimeException | Error e) {
        helpers.close();
        throw e;
      }
    }

    PooledOracle pool(InProcessOracle first, Finding original) {
      List<InProcessOracle> oracles = new ArrayList<>();
      oracles.add(first);
      for (TargetSession session : sessions) {
        oracles.add(new InProcessOracle(session, original, matchMode));
      }
      return new PooledOracle(oracles);
    }

    long runs() {
      return sessions.stream().mapToLong(TargetSession::runs).sum();
    }

    @Override
    public void close() {
      for (TargetSession session : sessions) {
        session.close();
      }
    }
  }

  static TargetSpec specOf(CrashMinimizer minimizer) {
    return new TargetSpec(
        minimizer.targetClass(),
        urlsOf(minimizer.classPath()),
        InProcessCrashMinimizerEngine.class.getClassLoader(),
        minimizer.fuzzedDataProviderFactory().orElse(null),
        minimizer.targetArgs(),
        minimizer.exitGuard());
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
}
