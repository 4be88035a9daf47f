package dev.whittle.cli;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import dev.whittle.api.Durations;
import dev.whittle.jazzer.api.BrokenClassPathException;
import dev.whittle.jazzer.api.CorpusMinimizationResult;
import dev.whittle.jazzer.api.CorpusMinimizer;
import dev.whittle.jazzer.api.CorpusOutputException;
import dev.whittle.jazzer.api.CrashMinimizer;
import dev.whittle.jazzer.api.Finding;
import dev.whittle.jazzer.api.FuzzTargetLoadException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.ListResourceBundle;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
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
          + " coverage, measured by Whittle's own instrumentation of the target's classes (edges"
          + " with libFuzzer's hit-count buckets; no Jazzer agent needed).",
      "",
      "Every input is run once, and again those a selection keeps (and those showing a feature no"
          + " second run confirmed); features an input shows on both of its runs are stable, the"
          + " others flaky, and each flaky feature keeps the smallest input that showed it, as it"
          + " is. A subset that"
          + " keeps the union of features is chosen (greedy set cover or afl-cmin's order,"
          + " whichever is smaller) and written to --output, each file named by the SHA-1 of its"
          + " content; then each kept file is shrunk while it keeps the features no other kept"
          + " file has and shows none the input corpus does not (for --max-runs-per-file runs"
          + " or --max-time-per-file), the selection runs again, and every output file is run"
          + " twice more to"
          + " check that the union of features is the input corpus's (a missing one brings back"
          + " the smallest original that showed it). Inputs that crash, exit or"
          + " time out are listed with their exception, message and innermost frame, and not"
          + " written; a WARNING says so when one finding takes more than half of the corpus."
          + " The input corpus is never modified; the output is complete after every step, so"
          + " Ctrl-C leaves a usable corpus.",
      "",
      "--output is created and checked for writing before any run. A run that throws a linkage"
          + " error (NoClassDefFoundError, NoSuchMethodError and the other LinkageErrors, or"
          + " ClassNotFoundException, unless a static initializer failed) shows a broken class"
          + " path, not a crashing input: the minimization stops with the missing class or"
          + " member and the --cp entries to check, before anything is written (exit code 11).",
      "",
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:the output corpus is written and keeps every feature",
      "1:unexpected failure, or features lost in the final check",
      "2:bad options or arguments, or an unusable --output (another run writing it, say)",
      "3:a corpus file or directory is missing or unreadable",
      "6:the output directory cannot be created or written (checked before any run)",
      "9:the target class cannot be loaded or initialized",
      "11:a run threw a linkage error: the target's class path is broken; nothing is written",
      "130:interrupted (the output is complete but maybe less small)",
    })
final class CorpusCommand implements Callable<Integer> {
  static final String OPTION_TEXTS = "dev.whittle.cli.CorpusCommand$OptionTexts";

  /** Gson's classes load only for {@code --json}, not whenever a command line is built. */
  private static final class Json {
    static final Gson GSON = new GsonBuilder().disableHtmlEscaping().setPrettyPrinting().create();
  }

  /** What the options shared with other commands mean here. */
  static final class OptionTexts extends ListResourceBundle {
    public OptionTexts() {}

    @Override
    protected Object[][] getContents() {
      return new Object[][] {
        {
          TimeoutOption.KEY,
          "Longest one run of the target may take; an input that takes longer is listed as a"
              + " timeout and not written. "
              + TimeoutOption.SYNTAX
              + " Default: "
              + Durations.format(CrashMinimizer.DEFAULT_CALL_TIMEOUT)
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

  @Option(
      names = "--cp",
      required = true,
      paramLabel = "CLASSPATH",
      description =
          "The fuzz target's directories and jars, separated by '${sys:path.separator}'; their"
              + " classes get coverage probes.")
  String classPath;

  @Option(
      names = "--target",
      required = true,
      paramLabel = "CLASS",
      description = "The fuzz target class, fully qualified.")
  String targetClass;

  @Option(
      names = "--output",
      required = true,
      paramLabel = "DIR",
      description = "The directory for the minimized corpus: new, or empty.")
  Path output;

  @Mixin JobsOption jobsOption = new JobsOption();

  @Mixin TimeoutOption timeoutOption = new TimeoutOption();

  @Mixin AlgorithmOption algorithmOption = new AlgorithmOption();

  @Option(names = "--no-shrink", description = "Only select files; do not shrink the kept ones.")
  boolean noShrink;

  @Option(
      names = "--no-hit-counts",
      description = "Plain edges make features, without libFuzzer's hit-count buckets.")
  boolean noHitCounts;

  @Option(
      names = "--keep-all-features",
      description =
          "A shrunk file keeps all of its features, not only those no other kept file has.")
  boolean keepAllFeatures;

  @Option(
      names = "--no-value-reduction",
      description =
          "Shrink by deleting bytes only, without the value reducers of minimize"
              + " (FuzzedDataProvider values; the byte passes on byte[] targets).")
  boolean noValueReduction;

  @Option(
      names = "--max-runs-per-file",
      paramLabel = "N",
      defaultValue = "2000",
      description = "Runs of the search for shrinking one kept file. Default: ${DEFAULT-VALUE}.")
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

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "Show this help and exit.")
  boolean help;

  @Parameters(
      paramLabel = "CORPUS_DIR|FILE",
      arity = "1..*",
      description = "Corpus directories (read recursively) and files.")
  List<Path> corpus = new ArrayList<>();

  @Override
  public Integer call() {
    List<Path> targetClassPath;
    try {
      targetClassPath = TargetClassPath.parse(classPath);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
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
    PrintWriter err = spec.commandLine().getErr();
    CorpusMinimizer minimizer =
        CorpusMinimizer.forTarget(targetClass, targetClassPath)
            .withCallTimeout(timeoutOption.value().orElse(CrashMinimizer.DEFAULT_CALL_TIMEOUT))
            .withJobs(jobsOption.value(err))
            .withAlgorithm(algorithmOption.algorithm)
            .withShrinking(!noShrink)
            .withHitCounts(!noHitCounts)
            .withKeepAllFeatures(keepAllFeatures)
            .withValueReduction(!noValueReduction)
            .withMaxRunsPerInput(maxRunsPerFile)
            .withMaxTimePerInput(timePerFile)
            .withInstrumentation(includes, excludes)
            .withLog(
                line -> {
                  err.println(line);
                  err.flush();
                });
    CorpusMinimizationResult result;
    InterruptOnShutdown guard = InterruptOnShutdown.ofCurrentThread();
    try (OutputLock lock = OutputLock.acquire(output)) {
      result = minimizer.minimize(corpus, output);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    } catch (CorpusOutputException e) {
      throw new CliException(ExitCodes.OUTPUT_UNWRITABLE, e.getMessage());
    } catch (IOException e) {
      throw new CliException(
          e.getMessage().contains("corpus")
              ? ExitCodes.INPUT_UNREADABLE
              : ExitCodes.OUTPUT_UNWRITABLE,
          e.getMessage());
    } catch (FuzzTargetLoadException e) {
      throw new CliException(ExitCodes.TARGET_NOT_LOADABLE, e.getMessage());
    } catch (BrokenClassPathException e) {
      throw new CliException(ExitCodes.CLASS_PATH_BROKEN, e.getMessage());
    } finally {
      guard.close();
    }
    jsonOption.print(spec.commandLine().getOut(), () -> toJson(result), () -> toSummary(result));
    if (result.interrupted()) {
      return ExitCodes.INTERRUPTED;
    }
    return result.coveragePreserved() ? ExitCodes.OK : ExitCodes.FAILURE;
  }

  private String toJson(CorpusMinimizationResult result) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("target", targetClass);
    json.put("output", output.toString());
    json.put("filesBefore", result.filesBefore());
    json.put("bytesBefore", result.bytesBefore());
    json.put("filesAfter", result.filesAfter());
    json.put("bytesAfter", result.bytesAfter());
    json.put("features", result.features());
    json.put("featuresAfter", result.featuresAfter());
    json.put("missingFeatures", result.missingFeatures());
    json.put("coveragePreserved", result.coveragePreserved());
    json.put("flakyFeatures", result.flakyFeatures());
    json.put("flakyFiles", result.flakyFiles());
    json.put("hitCounts", !noHitCounts);
    json.put("selectedBeforeShrinking", result.selectedBeforeShrinking());
    json.put("selection", result.strategy());
    json.put("shrunkFiles", result.shrunkFiles());
    json.put("runs", result.runs());
    json.put("milliseconds", result.milliseconds());
    json.put("interrupted", result.interrupted());
    List<Map<String, String>> crashers = new ArrayList<>();
    for (CorpusMinimizationResult.Crasher crasher : result.crashers()) {
      Finding finding = crasher.finding();
      Map<String, String> entry = new LinkedHashMap<>();
      entry.put("file", crasher.input().toString());
      entry.put("finding", finding.identity());
      entry.put("kind", finding.kind().name());
      if (finding.kind() == Finding.Kind.THROWN) {
        entry.put("exception", finding.exceptionClassName());
        finding.message().ifPresent(message -> entry.put("message", message));
        finding.topFrame().ifPresent(frame -> entry.put("topFrame", frame));
      }
      entry.put("description", finding.describe());
      crashers.add(entry);
    }
    json.put("crashers", crashers);
    warning(result).ifPresent(warning -> json.put("warning", warning));
    return Json.GSON.toJson(json);
  }

  private static String toSummary(CorpusMinimizationResult result) {
    StringBuilder out = new StringBuilder();
    String newline = System.lineSeparator();
    out.append(
        String.format(
            Locale.ROOT,
            "%,d files, %,d bytes -> %,d files, %,d bytes in %,d runs, %.1f s%s",
            result.filesBefore(),
            result.bytesBefore(),
            result.filesAfter(),
            result.bytesAfter(),
            result.runs(),
            result.milliseconds() / 1000.0,
            newline));
    if (result.interrupted()) {
      out.append("interrupted: the output is complete but not fully minimized").append(newline);
    } else {
      out.append(
          String.format(
              Locale.ROOT,
              "features: %,d stable and %,d flaky (%s), %,d missing; the flaky ones kept in %,d"
                  + " files left as they are%s",
              result.features(),
              result.flakyFeatures(),
              result.coveragePreserved() ? "coverage preserved" : "COVERAGE LOST",
              result.missingFeatures(),
              result.flakyFiles(),
              newline));
    }
    if (!result.crashers().isEmpty()) {
      out.append(result.crashers().size())
          .append(" inputs crashed, exited or timed out (not written; try 'whittle minimize'):")
          .append(newline);
      for (CorpusMinimizationResult.Crasher crasher : result.crashers()) {
        out.append("  ")
            .append(crasher.input())
            .append(": ")
            .append(crasher.finding().describe())
            .append(newline);
      }
    }
    warning(result).ifPresent(warning -> out.append("WARNING: ").append(warning).append(newline));
    return out.toString();
  }

  /** The warning when one finding took most of the corpus. */
  private static Optional<String> warning(CorpusMinimizationResult result) {
    return result
        .dominantFinding()
        .map(
            finding ->
                CorpusMinimizationResult.dominantFindingWarning(
                    finding, result.crashers(), result.filesBefore()));
  }
}
