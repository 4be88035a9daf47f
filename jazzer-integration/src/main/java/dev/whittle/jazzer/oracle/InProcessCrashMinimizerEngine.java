package dev.whittle.jazzer.oracle;

import dev.whittle.api.OriginalNotInterestingException;
import dev.whittle.api.ProgressListener;
import dev.whittle.api.Reduction;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInputs;
import dev.whittle.api.Whittle;
import dev.whittle.jazzer.api.CrashMinimizer;
import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.FlakyFindingException;
import dev.whittle.jazzer.api.MinimizationResult;
import dev.whittle.jazzer.api.NoFindingException;
import dev.whittle.jazzer.api.spi.CrashMinimizerEngine;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link CrashMinimizer}'s implementation: Jazzer's bug detectors when its runtime is there ({@link
 * JazzerAgent}), reproduction check, reduction with the {@link InProcessOracle}, verification of
 * the result in a freshly loaded target.
 */
public final class InProcessCrashMinimizerEngine implements CrashMinimizerEngine {
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
    TargetSpec spec = specOf(minimizer);
    try (ExitGuard.Lease guard = minimizer.exitGuard() ? ExitGuard.acquire() : ExitGuard.none();
        TargetSession session =
            TargetSession.open(spec, minimizer.callTimeout(), minimizer.freshLoaderPerAttempt())) {
      Finding original =
          ReproductionCheck.establish(
              session, crash, crashName, minimizer.reproductionRuns(), minimizer.matchMode());
      ReductionResult<byte[]> reduction = reduce(minimizer, session, crash, crashName, original);
      byte[] minimized = reduction.reduced();
      boolean verified = false;
      long verificationRuns = 0;
      // An interrupted caller wants the best so far now; a fresh target would not even load, as
      // every run of an interrupted thread ends at once.
      if (!Thread.currentThread().isInterrupted()) {
        try (TargetSession fresh = TargetSession.open(spec, minimizer.callTimeout(), false)) {
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
          session.runs() + verificationRuns,
          (System.nanoTime() - start) / 1_000_000,
          verified);
    }
  }

  private static ReductionResult<byte[]> reduce(
      CrashMinimizer minimizer,
      TargetSession session,
      byte[] crash,
      String crashName,
      Finding original) {
    InProcessOracle oracle = new InProcessOracle(session, original, minimizer.matchMode());
    Reduction<byte[]> reduction =
        Whittle.reduce(SequenceInputs.bytes(crash))
            .withAlgorithm(minimizer.algorithm())
            .withBudget(minimizer.budget());
    for (ProgressListener listener : minimizer.progressListeners()) {
      reduction = reduction.withProgressListener(listener);
    }
    try {
      return reduction.run(oracle);
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

  static TargetSpec specOf(CrashMinimizer minimizer) {
    return new TargetSpec(
        minimizer.targetClass(),
        urlsOf(minimizer.classPath()),
        InProcessCrashMinimizerEngine.class.getClassLoader(),
        minimizer.fuzzedDataProviderFactory().orElse(null),
        minimizer.targetArgs());
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
