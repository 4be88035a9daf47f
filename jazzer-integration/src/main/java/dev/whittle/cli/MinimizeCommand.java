package dev.whittle.cli;

import dev.whittle.api.Durations;
import dev.whittle.jazzer.api.CrashMinimizer;
import dev.whittle.jazzer.api.MatchMode;
import dev.whittle.jazzer.api.Phases;
import dev.whittle.jazzer.output.OutputLock;
import dev.whittle.jazzer.passes.BytePass;
import dev.whittle.jazzer.passes.Pipelines;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.ListResourceBundle;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code whittle minimize}: minimizes Jazzer crash files in process with {@link CrashMinimizer}.
 */
@Command(
    name = "minimize",
    resourceBundle = MinimizeCommand.OPTION_TEXTS,
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Minimizes Jazzer crash files of a standalone fuzz target (a class with public static"
          + " fuzzerTestOneInput(byte[]) or (FuzzedDataProvider)) inside this JVM: each candidate"
          + " is one run of the target, and it counts when it gives the same finding as the"
          + " crash (by default the same Jazzer DEDUP_TOKEN).",
      "",
      "CRASH is a crash file, or a directory standing for every crash-* file directly inside it."
          + " Each crash file is first run 3 times and must give the same finding every time;"
          + " a file that does not crash, or whose finding is flaky, is reported and the others"
          + " go on. The result is run again in a freshly loaded target ('verified'); a"
          + " StackOverflowError or OutOfMemoryError result (any, with --verify-in-fresh-jvm)"
          + " instead in 3 fresh JVMs with the same -Xss/-Xmx (see --jvm-arg), each of which"
          + " must give the same finding; if it does not, the smallest larger improvement that"
          + " does is written, and if none does, the result goes to unverified-<sha1> (exit"
          + " code 10).",
      "",
      "Next to each crash file go minimized-<sha1 of the result> and Crash_<sha1>.java, a JUnit"
          + " 5 test in the default package that runs the target on the result and passes while"
          + " the finding is there. Crash files are never modified. Files are written atomically"
          + " when each crash file is done; Ctrl-C ends the crash file in progress with its"
          + " smallest input so far, saved unverified, and skips the rest. Where they cannot be"
          + " written (a read-only directory), both go to the current directory, or else to"
          + " whittle-out in the temporary directory (java.io.tmpdir), under their content's"
          + " names, and the message says why (exit code 6); the minimized bytes are printed"
          + " either way.",
      "",
      "A run that throws a linkage error (NoClassDefFoundError, NoSuchMethodError and the other"
          + " LinkageErrors, or ClassNotFoundException, unless a static initializer failed) shows"
          + " a broken class path, not a finding: the run stops with the missing class or member"
          + " and the --cp entries to check, and nothing is written (exit code 11).",
      "",
      "Run the JVM with -XX:-OmitStackTraceInFastThrow, or hot exceptions lose the stack frames"
          + " their dedup token is made of. System.exit, Runtime.exit and Runtime.halt in the"
          + " target end its run as an exit finding (exit-N), not the JVM: Whittle rewrites"
          + " those calls as it loads the target's classes.",
      "",
    },
    exitCodeListHeading = "%nExit codes (when several crash files fail, the first one's):%n",
    exitCodeList = {
      "0:every crash file is minimized",
      "1:unexpected failure",
      "2:bad options or arguments, a --cp entry that does not exist, or an --output another run"
          + " is writing",
      "3:a CRASH is missing or unreadable, no regular file (a pipe, a device), longer than 2 GiB,"
          + " or a directory without crash-* files",
      "6:a result cannot be written where it belongs (it went to the current directory or"
          + " whittle-out in the temporary directory, as the message says), or nowhere",
      "7:a crash file does not crash the target",
      "8:a crash file's finding is flaky",
      "9:the target class cannot be loaded or initialized",
      "10:a result did not reproduce when verified (fresh JVMs, or a fresh class loader) and was"
          + " written as unverified-<sha1>",
      "11:a run threw a linkage error: the target's class path is broken (stops the run)",
      "12:Whittle's heap is too small (to read a crash file, say)",
      "130:interrupted",
    })
final class MinimizeCommand implements Callable<Integer> {
  static final String OPTION_TEXTS = "dev.whittle.cli.MinimizeCommand$OptionTexts";

  /** What the options shared with other commands mean here. */
  static final class OptionTexts extends ListResourceBundle {
    public OptionTexts() {}

    @Override
    protected Object[][] getContents() {
      return new Object[][] {
        {
          TargetOptions.CLASS_PATH_KEY,
          TargetOptions.classPathHelp(
              ". The target is loaded from them first; Jazzer's API comes from Whittle.")
        },
        {
          TimeoutOption.KEY,
          "Longest one run of the target may take; a longer one is a timeout finding, which only"
              + " matches a crash that timed out too. "
              + TimeoutOption.SYNTAX
              + " Default: "
              + Durations.format(CrashMinimizer.DEFAULT_RUN_TIMEOUT)
              + "."
        },
        {
          ValueReductionOption.KEY,
          "Only delete bytes. By default the passes take the first turn: a FuzzedDataProvider"
              + " target's consume* calls are recorded, their values made smaller and encoded"
              + " back into bytes; a byte[] target's crash gets the tree passes when it is text,"
              + " and the byte passes of reduce --passes all ("
              + BytePass.list(Pipelines.bytes())
              + ")."
        },
        {
          OutputOption.KEY,
          "Where the minimized bytes go instead of minimized-<sha1>; only with one crash file."
              + " The reproducer goes next to it."
        },
        {
          JsonOption.KEY,
          "Print one JSON object with an entry per crash file on standard output, each with its"
              + " trajectory (runs, milliseconds and size at each improvement)."
        },
        {
          PlotOption.KEY,
          "Draw the minimization's trajectory, size against runs and against time, as an SVG"
              + " picture in FILE.svg; only with one crash file."
        },
        {
          MaxRunsOption.KEY,
          "Stop minimizing a crash file after N runs of the target asked by the search (the"
              + " reproduction runs before it and the verification after it come on top), keeping"
              + " the smallest input so far, which is verified and written as usual. Default: no"
              + " limit."
        },
        {
          DeadlineOption.KEY,
          "Stop minimizing a crash file this long after its start, keeping the smallest input so"
              + " far, which is verified and written as usual. Default: "
              + DEFAULT_DEADLINE.toMinutes()
              + " minutes, so that no input keeps a run going forever."
        },
      };
    }
  }

  @Spec CommandSpec spec;

  @Mixin TargetOptions targetOptions = new TargetOptions();

  @Mixin AlgorithmOption algorithmOption = new AlgorithmOption();

  @Mixin JobsOption jobsOption = new JobsOption();

  @Option(
      names = "--match",
      paramLabel = "MODE",
      defaultValue = MatchMode.DEDUP_TOKEN,
      converter = Converters.MatchModeConverter.class,
      completionCandidates = Converters.MatchModeNames.class,
      description =
          "When a candidate's finding counts as the crash's: dedup-token (the same Jazzer"
              + " DEDUP_TOKEN), exception-type, or top-frames-N (the same innermost N frames)."
              + " Default: ${DEFAULT-VALUE}.")
  MatchMode matchMode;

  @Mixin TimeoutOption timeoutOption = new TimeoutOption();

  @Option(
      names = "--fresh-loader",
      description =
          "Load and initialize the target afresh for every candidate, so that no static state"
              + " carries over. Much slower; try it when a result is not verified.")
  boolean freshLoader;

  @Mixin ValueReductionOption valueReductionOption = new ValueReductionOption();

  @Mixin FreshJvmOptions freshJvmOptions = new FreshJvmOptions();

  @Mixin OutputOption outputOption = new OutputOption();

  @Mixin JsonOption jsonOption = new JsonOption();

  @Mixin PlotOption plotOption = new PlotOption();

  /**
   * How long one crash file's search may take when {@code --deadline} is not given: a search on an
   * input whose every run is slow (a deep recursion, a large document) would otherwise never end,
   * and a run in CI or under a bot's time limit would be killed with nothing written.
   */
  static final Duration DEFAULT_DEADLINE = Duration.ofMinutes(2);

  @Mixin MaxRunsOption maxRunsOption = new MaxRunsOption();

  @Mixin DeadlineOption deadlineOption = new DeadlineOption();

  @Mixin HelpOption helpOption = new HelpOption();

  @Parameters(paramLabel = "CRASH", arity = "1..*", description = "Crash files or directories.")
  List<Path> crashArguments = new ArrayList<>();

  MinimizeCommand() {}

  /** How long each crash file's search may take: {@code --deadline}, or the default. */
  Duration deadline() {
    return Optional.ofNullable(deadlineOption.value()).orElse(DEFAULT_DEADLINE);
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
            .withTargetArgs(targetOptions.targetArgs())
            .withAlgorithm(algorithmOption.algorithm)
            .withMatchMode(matchMode)
            .withRunTimeout(runTimeout())
            .withFreshLoaderPerRun(freshLoader)
            .withJobs(jobsOption.value(err()))
            .withValueReduction(valueReductionOption.enabled())
            .withBudget(
                Budgets.of(
                    spec.commandLine(), MaxRunsOption.NAME, maxRunsOption.maxRuns, deadline()));
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
