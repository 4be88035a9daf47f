package dev.whittle.jazzer.engine;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.api.OriginalNotInterestingException;
import dev.whittle.api.ProgressListener;
import dev.whittle.api.Reduction;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.Whittle;
import dev.whittle.engine.passes.BytePasses;
import dev.whittle.jazzer.api.CrashMinimizer;
import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.FlakyFindingException;
import dev.whittle.jazzer.api.MatchMode;
import dev.whittle.jazzer.api.MinimizationResult;
import dev.whittle.jazzer.api.NoFindingException;
import dev.whittle.jazzer.api.spi.CrashMinimizerEngine;
import dev.whittle.jazzer.runtime.JazzerAgent;
import dev.whittle.jazzer.target.TargetSession;
import dev.whittle.jazzer.target.TargetSpec;
import dev.whittle.jazzer.values.ValueReducers;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
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
  public MinimizationResult minimize(CrashMinimizer minimizer, byte[] crash, String crashName) {
    long start = System.nanoTime();
    if (JazzerAgent.mode() == JazzerAgent.Mode.ALWAYS) {
      JazzerAgent.ensureInstalled();
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
      return minimize(minimizer, crash, crashName, start);
    }
  }

  private MinimizationResult minimize(
      CrashMinimizer minimizer, byte[] crash, String crashName, long start) {
    try (TargetSession session = openSession(minimizer, minimizer.freshLoaderPerAttempt())) {
      Finding original =
          ReproductionCheck.establish(
              session, crash, crashName, minimizer.reproductionRuns(), minimizer.matchMode());
      ReductionResult<byte[]> reduction;
      long helperRuns;
      try (Helpers helpers = Helpers.open(minimizer, jobsFor(minimizer, session))) {
        reduction = reduce(minimizer, session, helpers, crash, crashName, original);
        helperRuns = helpers.runs();
      }
      byte[] minimized = reduction.reduced();
      boolean verified = false;
      long verificationRuns = 0;
      // An interrupted caller wants the best so far now; a fresh target would not even load, as
      // every run of an interrupted thread ends at once.
      if (!Thread.currentThread().isInterrupted()) {
        try (TargetSession fresh = openSession(minimizer, false)) {
          Finding again = fresh.run(minimized);
          verified = again != null && minimizer.matchMode().matches(original, again);
          verificationRuns = fresh.runs();
        }
      }
      return new MinimizationResult(
          crash,
          minimized,
          original,
          reduction,
          session.runs() + helperRuns + verificationRuns,
          (System.nanoTime() - start) / 1_000_000,
          verified,
          session.shape());
    }
  }

  /**
   * Jobs beyond the first need sessions of their own. Jazzer's detectors report into one static
   * slot per JVM, so a target that sees Jazzer's runtime runs one candidate at a time, and so does
   * an already-loaded target, which cannot be loaded again.
   */
  private static int jobsFor(CrashMinimizer minimizer, TargetSession session) {
    return session.jazzerRuntimePresent() || minimizer.loadedTarget().isPresent()
        ? 1
        : minimizer.jobs();
  }

  /**
   * A session over a freshly loaded target, or over the one {@link CrashMinimizer#forLoadedTarget}
   * gave, which is all there is to verify with.
   */
  private static TargetSession openSession(CrashMinimizer minimizer, boolean freshPerAttempt) {
    if (minimizer.loadedTarget().isPresent()) {
      return TargetSession.attach(
          minimizer.loadedTarget().get(),
          minimizer.fuzzedDataProviderFactory().orElse(null),
          minimizer.callTimeout());
    }
    return TargetSession.open(specOf(minimizer), minimizer.callTimeout(), freshPerAttempt);
  }

  private static ReductionResult<byte[]> reduce(
      CrashMinimizer minimizer,
      TargetSession session,
      Helpers helpers,
      byte[] crash,
      String crashName,
      Finding original) {
    InProcessOracle oracle = new InProcessOracle(session, original, minimizer.matchMode());
    Reduction<byte[]> reduction =
        Whittle.reduce(SequenceInputs.bytes(crash))
            .withAlgorithm(minimizer.algorithm())
            .withBudget(minimizer.budget())
            .withJobs(helpers.sessions.size() + 1)
            // Value reducers remove chunks and provider calls wholesale that byte deletion
            // would otherwise take apart a byte at a time: 661 runs instead of 2,180 on the
            // ChunkedImage sample, 99 instead of 1,739 on RingBuffer (docs/benchmarks.md).
            .withValueReducersFirst(true);
    if (minimizer.valueReduction() && session.takesDataProvider()) {
      reduction =
          reduction.withValueReducer(ValueReducers.forFuzzedDataProvider(session::recordCalls));
    } else if (minimizer.valueReduction()) {
      reduction =
          reduction
              .withValueReducer(BytePasses.lineRuns())
              .withValueReducer(BytePasses.lengthFields());
      // Archives with offsets, block alignment and checksums: passes beyond deletion.
      for (var pass : BytePasses.binaryFormats()) {
        reduction = reduction.withValueReducer(pass);
      }
      reduction = reduction.withValueReducer(BytePasses.byteRuns());
    }
    for (ProgressListener listener : minimizer.progressListeners()) {
      reduction = reduction.withProgressListener(listener);
    }
    try {
      return reduction.run(helpers.sessions.isEmpty() ? oracle : helpers.pool(oracle, original));
    } catch (OriginalNotInterestingException e) {
      // The reduction asks the original once more; a finding that fails now is flaky after all.
      int runs = minimizer.reproductionRuns() + 1;
      FlakyFindingException flaky =
          new FlakyFindingException(
              crashName, original, runs, runs - 1, oracle.lastFinding() == null ? 1 : 0);
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

    static Helpers open(CrashMinimizer minimizer, int jobs) {
      Helpers helpers = new Helpers(minimizer.matchMode());
      if (jobs == 1) {
        return helpers;
      }
      TargetSpec spec = specOf(minimizer);
      try {
        for (int job = 1; job < jobs; job++) {
          helpers.sessions.add(
              TargetSession.open(spec, minimizer.callTimeout(), minimizer.freshLoaderPerAttempt()));
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
