package dev.whittle.jazzer.api;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.STABLE;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What both minimizers need to run a target, whatever they do with its runs: the {@link FuzzTarget}
 * and how it is run. Immutable; each {@code with*} method returns a copy.
 *
 * @param target what runs
 * @param runTimeout how long one run of the target may take; a longer run is abandoned (its thread
 *     interrupted and left behind) and counts as a timeout finding
 * @param jobs how many runs may happen at once, each job with its own freshly loaded and
 *     initialized target (its own class loader and static state); a target that cannot be loaded
 *     again ({@link FuzzTarget#maxJobs()}) or that sees Jazzer's runtime (its bug detectors report
 *     into one slot per JVM) runs one at a time whatever this says
 * @param exitGuard whether {@code System.exit}, {@code Runtime.exit} and {@code Runtime.halt} in
 *     the target end that run, as an exit finding, rather than the JVM: calls of them in the
 *     classes Whittle loads for the target are rewritten at load time (calls through reflection or
 *     method handles looked up at run time are not seen); for a fuzz test the guard means running
 *     Whittle's copy of the test class; it has no effect on a target loaded by someone else, whose
 *     classes are already defined: there an exit does what it always does (inside a JVM that is
 *     already exiting, as in a Jazzer run's crash hook, it blocks until the call timeout ends that
 *     run)
 * @param targetArgs the arguments for {@code fuzzerInitialize(String[])}
 * @param dataProviders where {@code FuzzedDataProvider} entry points get their provider, or null
 *     for Whittle's pure-Java one, which decodes bytes exactly as Jazzer's native {@code
 *     FuzzedDataProviderImpl} does and needs neither Jazzer's runtime nor its native library
 */
@API(status = STABLE, since = "0.1")
public record TargetOptions(
    FuzzTarget target,
    Duration runTimeout,
    int jobs,
    boolean exitGuard,
    List<String> targetArgs,
    FuzzedDataProviderFactory dataProviders) {
  /** Default for {@link #withRunTimeout}. */
  public static final Duration DEFAULT_RUN_TIMEOUT = Duration.ofSeconds(10);

  public TargetOptions {
    checkNotNull(target, "target");
    checkNotNull(runTimeout, "timeout");
    checkArgument(
        !runTimeout.isNegative() && !runTimeout.isZero(),
        "timeout must be positive: %s",
        runTimeout);
    checkArgument(jobs >= 1, "jobs must be at least 1, was %s", jobs);
    targetArgs = List.copyOf(checkNotNull(targetArgs, "args"));
  }

  /**
   * {@code target} with the defaults: a {@link #DEFAULT_RUN_TIMEOUT} per run, one job, the exit
   * guard on, no arguments, Whittle's provider.
   */
  public static TargetOptions of(FuzzTarget target) {
    return new TargetOptions(target, DEFAULT_RUN_TIMEOUT, 1, true, List.of(), null);
  }

  public TargetOptions withRunTimeout(Duration timeout) {
    return new TargetOptions(target, timeout, jobs, exitGuard, targetArgs, dataProviders);
  }

  public TargetOptions withJobs(int newJobs) {
    return new TargetOptions(target, runTimeout, newJobs, exitGuard, targetArgs, dataProviders);
  }

  public TargetOptions withExitGuard(boolean guard) {
    return new TargetOptions(target, runTimeout, jobs, guard, targetArgs, dataProviders);
  }

  public TargetOptions withTargetArgs(List<String> args) {
    return new TargetOptions(target, runTimeout, jobs, exitGuard, args, dataProviders);
  }

  public TargetOptions withFuzzedDataProviderFactory(FuzzedDataProviderFactory factory) {
    checkNotNull(factory, "factory");
    return new TargetOptions(target, runTimeout, jobs, exitGuard, targetArgs, factory);
  }

  /** The configured provider factory; empty means Whittle's pure-Java one. */
  public Optional<FuzzedDataProviderFactory> fuzzedDataProviderFactory() {
    return Optional.ofNullable(dataProviders);
  }

  /** How many jobs run, given what the target allows ({@link FuzzTarget#maxJobs()}). */
  public int jobsAllowed() {
    return Math.min(jobs, target.maxJobs());
  }
}
