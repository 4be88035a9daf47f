package dev.whittle.cli;

import dev.whittle.jazzer.api.CrashMinimizer;
import dev.whittle.jazzer.api.MatchMode;
import dev.whittle.jazzer.api.Phases;
import dev.whittle.jazzer.output.OutputLock;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * {@code whittle minimize}: minimizes Jazzer crash files in process with {@link CrashMinimizer}.
 * Its options and help are built by hand in {@link MinimizeCommandSpec}, which puts the parsed
 * values into these fields before {@link #call}.
 */
final class MinimizeCommand implements Callable<Integer> {
  CommandSpec spec;

  final TargetOptions targetOptions = new TargetOptions();

  final AlgorithmOption algorithmOption = new AlgorithmOption();

  final JobsOption jobsOption = new JobsOption();

  MatchMode matchMode;

  final TimeoutOption timeoutOption = new TimeoutOption();

  boolean freshLoader;

  final ValueReductionOption valueReductionOption = new ValueReductionOption();

  final FreshJvmOptions freshJvmOptions = new FreshJvmOptions();

  final OutputOption outputOption = new OutputOption();

  final JsonOption jsonOption = new JsonOption();

  final PlotOption plotOption = new PlotOption();

  /**
   * How long one crash file's search may take when {@code --deadline} is not given: a search on an
   * input whose every run is slow (a deep recursion, a large document) would otherwise never end,
   * and a run in CI or under a bot's time limit would be killed with nothing written.
   */
  static final Duration DEFAULT_DEADLINE = Duration.ofMinutes(2);

  Long maxRuns;

  final DeadlineOption deadlineOption = new DeadlineOption();

  List<Path> crashArguments = new ArrayList<>();

  private MinimizeCommand() {}

  /** How long each crash file's search may take: {@code --deadline}, or the default. */
  Duration deadline() {
    return Optional.ofNullable(deadlineOption.value()).orElse(DEFAULT_DEADLINE);
  }

  /** The model of a new {@code minimize} command, ready to be a subcommand. */
  static CommandSpec newSpec() {
    MinimizeCommand command = new MinimizeCommand();
    command.spec = MinimizeCommandSpec.of(command);
    return command.spec;
  }

  static final String KEEP_STACK_TRACES = "-XX:-OmitStackTraceInFastThrow";

  /**
   * Without {@value #KEEP_STACK_TRACES}, code the JIT compiled throws preallocated exceptions
   * without stack frames, and a finding's frames are its identity: a crash in a hot loop then looks
   * flaky, or its minimized input gets another token. The flag cannot be set from inside the JVM.
   */
  private void warnIfHotExceptionsLoseTheirFrames() {
    if (!ManagementFactory.getRuntimeMXBean().getInputArguments().contains(KEEP_STACK_TRACES)) {
      err()
          .println(
              "whittle: warning: run java with "
                  + KEEP_STACK_TRACES
                  + ", or exceptions thrown by JIT-compiled code lose their stack frames and"
                  + " findings can look flaky or change their dedup token");
      err().flush();
    }
  }

  @Override
  public Integer call() {
    MinimizeCommandSpec.read(spec, this);
    Phases.end("option parsing");
    String targetClass = targetOptions.target(spec.commandLine());
    if (targetClass.contains("#")) {
      // Its reproducer would call a fuzzerTestOneInput the class does not have.
      throw new ParameterException(
          spec.commandLine(),
          "--target "
              + targetClass
              + ": a fuzz test method is a target of 'whittle corpus' only; minimize a @FuzzTest's"
              + " crash with the JUnit extension");
    }
    List<Path> targetClassPath = targetOptions.classPath(spec.commandLine());
    List<Path> crashes = CrashFileArguments.expand(crashArguments);
    checkOutput(crashes);
    checkPlot(crashes);
    warnIfHotExceptionsLoseTheirFrames();
    CrashMinimizer minimizer =
        CrashMinimizer.forTarget(targetClass, targetClassPath)
            .withTargetArgs(targetOptions.targetArgs)
            .withAlgorithm(algorithmOption.algorithm)
            .withMatchMode(matchMode)
            .withRunTimeout(runTimeout())
            .withFreshLoaderPerRun(freshLoader)
            .withJobs(jobsOption.value(err()))
            .withValueReduction(valueReductionOption.enabled())
            .withBudget(Budgets.of(spec.commandLine(), "--max-runs", maxRuns, deadline()));
    minimizer = freshJvmOptions.applyTo(minimizer, spec.commandLine());
    CrashFileMinimization crashFile =
        new CrashFileMinimization(err(), outputOption.value(), runTimeout(), plotOption);
    List<CrashOutcome> outcomes = new ArrayList<>();
    List<Path> notTried = new ArrayList<>();
    boolean interrupted = false;
    InterruptOnShutdown guard = InterruptOnShutdown.ofCurrentThread();
    try (OutputLock lock = outputOption.value().map(Outputs::lock).orElse(null)) {
      for (Path crash : crashes) {
        if (interrupted) {
          notTried.add(crash);
          continue;
        }
        CrashOutcome outcome = crashFile.minimize(minimizer, crash);
        outcomes.add(outcome);
        reportBugDetectorsOnce();
        // Stops here: a target that cannot load fails every other file the same way, and one on a
        // broken class path gives findings that are the build's, not the inputs'.
        if (outcome instanceof CrashOutcome.Failed failed
            && (failed.exitCode() == ExitCodes.TARGET_NOT_LOADABLE
                || failed.exitCode() == ExitCodes.CLASS_PATH_BROKEN)) {
          break;
        }
        // The interrupt has ended this file's reduction; it must not end the writes that follow.
        interrupted = Thread.interrupted();
      }
      report(MinimizationReport.of(targetClass, outcomes, notTried));
    } finally {
      guard.close();
    }
    return CrashOutcome.exitCode(outcomes, interrupted);
  }

  private boolean bugDetectorsReported;

  /** Whether Jazzer's bug detectors got installed (or why not), once they have been tried. */
  private void reportBugDetectorsOnce() {
    Optional<String> status = CrashMinimizer.bugDetectorStatus();
    if (status.isPresent() && !bugDetectorsReported) {
      bugDetectorsReported = true;
      err().println("whittle: " + status.get());
      err().flush();
    }
  }

  /** The call timeout: the one given, or the minimizer's default. */
  private Duration runTimeout() {
    return timeoutOption.value().orElse(CrashMinimizer.DEFAULT_RUN_TIMEOUT);
  }

  private void checkOutput(List<Path> crashes) {
    if (outputOption.value().isEmpty()) {
      return;
    }
    if (crashes.size() != 1) {
      throw new ParameterException(
          spec.commandLine(),
          "--output needs exactly one crash file, but the arguments give " + crashes.size());
    }
    try {
      InputAndOutputFiles.resultPath(crashes.get(0), outputOption.value());
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  private void checkPlot(List<Path> crashes) {
    if (plotOption.value().isPresent() && crashes.size() != 1) {
      throw new ParameterException(
          spec.commandLine(),
          "--plot needs exactly one crash file, but the arguments give " + crashes.size());
    }
  }

  private void report(MinimizationReport report) {
    jsonOption.print(spec.commandLine().getOut(), report::toJson, report::toSummary);
  }

  private PrintWriter err() {
    return spec.commandLine().getErr();
  }
}
