package dev.whittle.cli;

import dev.whittle.api.Durations;
import dev.whittle.jazzer.api.BrokenClassPathException;
import dev.whittle.jazzer.api.CorpusMergeResult;
import dev.whittle.jazzer.api.CorpusMinimizationResult;
import dev.whittle.jazzer.api.CorpusMinimizer;
import dev.whittle.jazzer.api.CorpusOutputException;
import dev.whittle.jazzer.api.CrashMinimizer;
import dev.whittle.jazzer.api.FuzzTargetLoadException;
import dev.whittle.jazzer.input.UnreadableInputException;
import dev.whittle.jazzer.output.CorpusOutput;
import dev.whittle.jazzer.output.OutputLock;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.ListResourceBundle;
import java.util.concurrent.Callable;
import java.util.function.ToIntFunction;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code whittle corpus}: minimizes a fuzzing corpus with {@link CorpusMinimizer}. */
@Command(
    name = "corpus",
    resourceBundle = CorpusCommand.OPTION_TEXTS,
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Minimizes a fuzzing corpus of a standalone fuzz target inside this JVM while keeping its"
          + " coverage, measured by Whittle's own instrumentation of the target's classes (edges;"
          + " no Jazzer agent needed).",
      "",
      "Every input is run once, and again those a selection keeps (and those showing a feature no"
          + " second run confirmed); features an input shows on both of its runs are stable, the"
          + " others flaky, and each flaky feature keeps the smallest input that showed it, as it"
          + " is. A subset that"
          + " keeps the union of features is chosen (greedy set cover or afl-cmin's order,"
          + " whichever is smaller) and written to --output, each file named by the SHA-1 of its"
          + " content; then each kept file is shrunk while it keeps the features no other kept"
          + " file has and shows none the input corpus does not (for --max-runs-per-file runs"
          + " or --max-time-per-file; a file no larger than a finished search left one, whose"
          + " last byte cannot go, is left as it is), the selection runs again, and every"
          + " shrunk output file is run twice more to"
          + " check that the union of features is the input corpus's (a missing one brings back"
          + " the smallest original that showed it). Inputs that crash, exit or"
          + " time out are listed with their exception, message and innermost frame, and not"
          + " written to --output, which must replay without a failure; those that alone showed"
          + " some feature (the smallest for each) are copied to --crashers instead, so that no"
          + " coverage is lost. A WARNING says so when one finding takes more than half of the"
          + " corpus."
          + " The input corpus is never modified; the output is complete after every step, so"
          + " Ctrl-C leaves a usable corpus.",
      "",
      "--output is created and checked for writing before any run. A run that throws a linkage"
          + " error (NoClassDefFoundError, NoSuchMethodError and the other LinkageErrors, or"
          + " ClassNotFoundException, unless a static initializer failed) shows a broken class"
          + " path, not a crashing input: the minimization stops with the missing class or"
          + " member and the --cp entries to check, before anything is written (exit code 11).",
      "",
      "--into KEPT merges instead (libFuzzer's -merge=1 KEPT NEW...), as CI fuzzing folds fresh"
          + " findings into a committed corpus: the corpus arguments are the new inputs, KEPT's"
          + " files stay as they are, and only new inputs that bring features KEPT lacks are added"
          + " to it, each shrunk to keep just those; a summary lists the files and bytes added and"
          + " the new features.",
      "",
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:the output corpus is written and keeps every feature (--into: the merge is done)",
      "1:unexpected failure, or features lost in the final check",
      "2:bad options or arguments, or an unusable --output (another run writing it, say)",
      "3:a corpus file or directory (or --into's KEPT) is missing or unreadable, or a corpus file"
          + " is no regular file (a pipe, a device) or longer than 2 GiB",
      "6:the output directory cannot be created or written (checked before any run)",
      "9:the target class cannot be loaded or initialized",
      "11:a run threw a linkage error: the target's class path is broken; nothing is written",
      "12:Whittle's heap is too small (to read a corpus file, say)",
      "130:interrupted (the output is complete but maybe less small; --into: every file added is"
          + " complete)",
    })
final class CorpusCommand implements Callable<Integer> {
  static final String OPTION_TEXTS = "dev.whittle.cli.CorpusCommand$OptionTexts";

  /** What the options shared with other commands mean here. */
  static final class OptionTexts extends ListResourceBundle {
    public OptionTexts() {}

    @Override
    protected Object[][] getContents() {
      return new Object[][] {
        {
          TargetOptions.CLASS_PATH_KEY,
          TargetOptions.classPathHelp("; their classes get coverage probes.")
        },
        {
          ValueReductionOption.KEY,
          "Shrink by deleting bytes only, without the passes of minimize (FuzzedDataProvider"
              + " values; the byte passes on byte[] targets)."
        },
        {
          TimeoutOption.KEY,
          "Longest one run of the target may take; an input that takes longer is listed as a"
              + " timeout and not written. "
              + TimeoutOption.SYNTAX
              + " Default: "
              + Durations.format(CrashMinimizer.DEFAULT_RUN_TIMEOUT)
              + "."
        },
        {
          JsonOption.KEY,
          "Print one JSON object on standard output: files and bytes before and after, features,"
              + " runs, time and the inputs that crashed."
        },
      };
    }
  }

  @Spec CommandSpec spec;

  @Mixin TargetOptions targetOptions = new TargetOptions();

  @Option(
      names = "--output",
      paramLabel = "DIR",
      description = "The directory for the minimized corpus: new, or empty. Either this or --into.")
  Path output;

  @Option(
      names = "--crashers",
      paramLabel = "DIR",
      description =
          "Where the crashing inputs that alone showed some feature are copied (the smallest for"
              + " each feature, named crash-<SHA-1> as Jazzer names crash files), created only if"
              + " there is one; existing files are kept. Default: DIR.crashers beside --output."
              + " Not with --into.")
  Path crashers;

  @Option(
      names = "--into",
      paramLabel = "KEPT",
      description =
          "Merge the corpus arguments into the existing directory KEPT, as libFuzzer's -merge=1"
              + " KEPT NEW... does: KEPT's files are never removed or changed; each new input,"
              + " smallest first, that shows a feature KEPT (on any of two runs) and the files"
              + " added before it lack is added, shrunk to keep those features (unless"
              + " --no-shrink; as it is when they are flaky), written atomically and named by"
              + " its SHA-1, never over an existing file. Not with --output.")
  Path into;

  @Mixin JobsOption jobsOption = new JobsOption();

  @Mixin TimeoutOption timeoutOption = new TimeoutOption();

  @Mixin AlgorithmOption algorithmOption = new AlgorithmOption();

  @Option(names = "--no-shrink", description = "Only select files; do not shrink the kept ones.")
  boolean noShrink;

  @Option(
      names = "--hit-counts",
      negatable = true,
      description =
          "A feature is an edge with its libFuzzer hit-count bucket, not a plain edge (the"
              + " default: --no-hit-counts).")
  boolean hitCounts;

  @Option(
      names = "--keep-all-features",
      description =
          "A shrunk file keeps all of its features, not only those no other kept file has.")
  boolean keepAllFeatures;

  @Mixin ValueReductionOption valueReductionOption = new ValueReductionOption();

  @Option(
      names = "--max-runs-per-file",
      paramLabel = "N",
      defaultValue = "2000",
      description =
          "Most runs of the search for shrinking one kept file, which gets 100 and 2 for each"
              + " of its bytes up to this. Default: ${DEFAULT-VALUE}.")
  long maxRunsPerFile;

  @Option(
      names = "--max-time-per-file",
      paramLabel = "DURATION",
      description =
          "Time for shrinking one kept file; it keeps the smallest form found by then. "
              + TimeoutOption.SYNTAX
              + " Default: 1s.")
  String maxTimePerFile;

  @Option(
      names = "--include",
      paramLabel = "GLOB",
      description =
          "Only classes whose name matches get probes (com.example.*); repeatable. Default: every"
              + " class of --cp.")
  List<String> includes = new ArrayList<>();

  @Option(
      names = "--exclude",
      paramLabel = "GLOB",
      description = "Classes whose name matches get no probes; repeatable.")
  List<String> excludes = new ArrayList<>();

  @Mixin JsonOption jsonOption = new JsonOption();

  @Mixin HelpOption helpOption = new HelpOption();

  @Parameters(
      paramLabel = "CORPUS_DIR|FILE",
      arity = "1..*",
      description = "Corpus directories (read recursively) and files.")
  List<Path> corpus = new ArrayList<>();

  /** The fuzz target, as {@link TargetOptions#target} reads it. */
  private String target;

  @Override
  public Integer call() {
    List<Path> targetClassPath = targetOptions.classPath(spec.commandLine());
    target = targetOptions.target(spec.commandLine());
    if (maxRunsPerFile < 1) {
      throw new ParameterException(
          spec.commandLine(), "--max-runs-per-file must be at least 1, was " + maxRunsPerFile);
    }
    Duration timePerFile = CorpusMinimizer.DEFAULT_MAX_TIME_PER_INPUT;
    if (maxTimePerFile != null) {
      try {
        timePerFile = Durations.parse(maxTimePerFile);
      } catch (IllegalArgumentException e) {
        throw new ParameterException(spec.commandLine(), "--max-time-per-file: " + e.getMessage());
      }
      if (timePerFile.isZero() || timePerFile.isNegative()) {
        throw new ParameterException(
            spec.commandLine(), "--max-time-per-file must be positive, was " + maxTimePerFile);
      }
    }
    if ((output == null) == (into == null)) {
      throw new ParameterException(
          spec.commandLine(),
          output == null
              ? "give --output DIR (minimize into a new directory) or --into KEPT (merge into one)"
              : "--into and --output do not go together: --into KEPT adds to KEPT, --output DIR"
                  + " writes a new corpus");
    }
    if (into != null && crashers != null) {
      throw new ParameterException(
          spec.commandLine(),
          "--crashers goes with --output: --into KEPT adds no crasher to KEPT, and the new inputs"
              + " that crash stay where they are");
    }
    PrintWriter err = spec.commandLine().getErr();
    CorpusMinimizer minimizer =
        CorpusMinimizer.forTarget(target, targetClassPath)
            .withTargetArgs(targetOptions.targetArgs())
            .withRunTimeout(timeoutOption.value().orElse(CrashMinimizer.DEFAULT_RUN_TIMEOUT))
            .withJobs(jobsOption.value(err))
            .withAlgorithm(algorithmOption.algorithm)
            .withShrinking(!noShrink)
            .withHitCounts(hitCounts)
            .withKeepAllFeatures(keepAllFeatures)
            .withValueReduction(valueReductionOption.enabled())
            .withMaxRunsPerInput(maxRunsPerFile)
            .withMaxTimePerInput(timePerFile)
            .withInstrumentation(includes, excludes)
            .withLog(
                line -> {
                  err.println(line);
                  err.flush();
                });
    if (into != null) {
      return mergeInto(minimizer);
    }
    try {
      // Named as the user gave them, before any run.
      CorpusOutput.checkOutsideInputs("--output", output, corpus);
      if (crashers != null) {
        CorpusOutput.checkOutsideInputs("--crashers", crashers, corpus);
      }
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    CorpusMinimizer withCrashers =
        crashers == null ? minimizer : minimizer.withCrashersDirectory(crashers);
    CorpusMinimizationResult result =
        runLocked(
            output,
            () -> withCrashers.minimize(corpus, output),
            e ->
                e.getMessage().contains("corpus")
                    ? ExitCodes.INPUT_UNREADABLE
                    : ExitCodes.OUTPUT_UNWRITABLE);
    CorpusReport report = new CorpusReport(target, hitCounts);
    jsonOption.print(
        spec.commandLine().getOut(),
        () -> report.toJson(result, output),
        () -> CorpusReport.toSummary(result));
    if (result.interrupted()) {
      return ExitCodes.INTERRUPTED;
    }
    return result.coveragePreserved() ? ExitCodes.OK : ExitCodes.FAILURE;
  }

  /** The minimizer's work on a corpus, which reads and writes files. */
  @FunctionalInterface
  private interface CorpusJob<R> {
    R run() throws IOException;
  }

  /**
   * Runs {@code job} holding the lock on the directory it writes, with Ctrl-C stopping it rather
   * than the JVM, and turns its failures into exit codes ({@code ioExitCode} for an I/O error).
   */
  private <R> R runLocked(Path written, CorpusJob<R> job, ToIntFunction<IOException> ioExitCode) {
    InterruptOnShutdown guard = InterruptOnShutdown.ofCurrentThread();
    try (OutputLock lock = Outputs.lock(written)) {
      return job.run();
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    } catch (CorpusOutputException e) {
      throw new CliException(ExitCodes.OUTPUT_UNWRITABLE, e.getMessage());
    } catch (UnreadableInputException e) {
      throw new CliException(Inputs.exitCode(e), e.getMessage());
    } catch (IOException e) {
      throw new CliException(ioExitCode.applyAsInt(e), e.getMessage());
    } catch (FuzzTargetLoadException e) {
      throw new CliException(ExitCodes.TARGET_NOT_LOADABLE, e.getMessage());
    } catch (BrokenClassPathException e) {
      throw new CliException(ExitCodes.CLASS_PATH_BROKEN, e.getMessage());
    } finally {
      guard.close();
    }
  }

  private int mergeInto(CorpusMinimizer minimizer) {
    CorpusMergeResult result =
        runLocked(into, () -> minimizer.mergeInto(into, corpus), e -> ExitCodes.INPUT_UNREADABLE);
    CorpusReport report = new CorpusReport(target, hitCounts);
    jsonOption.print(
        spec.commandLine().getOut(),
        () -> report.mergeJson(result, into),
        () -> CorpusReport.mergeSummary(result));
    return result.interrupted() ? ExitCodes.INTERRUPTED : ExitCodes.OK;
  }
}
