package dev.whittle.jazzer.target;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import dev.whittle.jazzer.api.FuzzedDataProviderFactory;
import dev.whittle.jazzer.bytecode.runtime.ProbeCounters;
import dev.whittle.jazzer.finding.ClassLocations;
import dev.whittle.jazzer.finding.DedupToken;
import dev.whittle.jazzer.finding.FindingClassifier;
import java.time.Duration;
import java.util.function.UnaryOperator;

/**
 * No lifecycle at all: a fuzz target class loaded and initialized by someone else (Jazzer's driver,
 * when Whittle runs inside a fuzzing JVM), whose {@code fuzzerInitialize} and {@code
 * fuzzerTearDown} are the owner's business. Every run calls {@code fuzzerTestOneInput} of the one
 * class, so static state carries over; nothing is loaded or released.
 */
final class AttachedLifecycle implements Lifecycle {
  private final LoadedTarget target;

  private AttachedLifecycle(LoadedTarget target) {
    this.target = target;
  }

  static TargetRunner attach(
      Class<?> targetClass, FuzzedDataProviderFactory dataProviders, Duration runTimeout) {
    LoadedTarget target = LoadedTarget.attach(targetClass, dataProviders);
    FindingClassifier classifier =
        new FindingClassifier(
            new DedupToken(
                targetClass.getName(),
                FuzzTargetClass.TEST_ONE_INPUT,
                ProviderFrames.internalPrefixes(targetClass.getName(), target.dataProviders())),
            ClassLocations.of(targetClass.getClassLoader()));
    return new TargetRunner(
        new AttachedLifecycle(target),
        new RunWatchdog(runTimeout),
        classifier,
        target.entry(targetClass.getName()));
  }

  @Override
  public RunWatchdog.RawRun run(
      RunWatchdog watchdog, byte[] input, UnaryOperator<FuzzedDataProvider> wrap) {
    return watchdog.run(target.runBody(wrap), input);
  }

  @Override
  public void afterLastRun(RunWatchdog watchdog) {
    target.close(); // Leaves the owner's loader alone.
  }

  @Override
  public ProbeCounters probeCounters() {
    return target.probeCounters();
  }
}
