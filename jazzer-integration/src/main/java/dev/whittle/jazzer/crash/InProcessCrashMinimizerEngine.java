package dev.whittle.jazzer.crash;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.jazzer.agent.JazzerAgent;
import dev.whittle.jazzer.api.CrashMinimizer;
import dev.whittle.jazzer.api.MinimizationResult;
import dev.whittle.jazzer.api.NoFindingException;
import dev.whittle.jazzer.api.Phases;
import dev.whittle.jazzer.api.spi.CrashMinimizerEngine;
import dev.whittle.jazzer.passes.ValuePassChoice;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * {@link CrashMinimizer}'s implementation: Jazzer's bug detectors when its runtime is there ({@link
 * JazzerAgent}), then a {@link CrashMinimization}: reproduction check, reduction with the {@link
 * InProcessOracle}, verification of the result in a fresh copy of the target or fresh JVMs.
 */
@API(status = INTERNAL, since = "0.1")
public final class InProcessCrashMinimizerEngine implements CrashMinimizerEngine {
  @Override
  public Optional<String> bugDetectorStatus() {
    return Optional.ofNullable(JazzerAgent.current()).map(JazzerAgent.Status::message);
  }

  @Override
  public Optional<String> describeInput(CrashMinimizer minimizer, byte[] input) {
    return minimizer
        .target()
        .testMethod()
        .flatMap(method -> ValuePassChoice.describe(method, input));
  }

  @Override
  public MinimizationResult minimize(CrashMinimizer minimizer, byte[] crash, String crashName) {
    CrashMinimization minimization = new CrashMinimization(minimizer, crash, crashName);
    if (!minimizer.target().mayInstallJazzerAgent()) {
      return minimization.run();
    }
    Phases.end("arguments, checks and minimizer");
    if (JazzerAgent.mode() == JazzerAgent.Mode.ALWAYS) {
      JazzerAgent.ensureInstalled();
      Phases.end("Jazzer agent");
    }
    try {
      return minimization.run();
    } catch (NoFindingException e) {
      // Maybe a bug detector's finding: those need Jazzer's agent, which is slow to install,
      // so it is installed the first time a crash does not crash without it.
      if (JazzerAgent.mode() != JazzerAgent.Mode.AUTO
          || JazzerAgent.current() != null
          || !JazzerAgent.ensureInstalled().installed()) {
        throw e;
      }
      Phases.end("Jazzer agent");
      return minimization.run();
    }
  }
}
