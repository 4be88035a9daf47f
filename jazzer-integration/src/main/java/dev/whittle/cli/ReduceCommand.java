package dev.whittle.cli;

import dev.whittle.api.Budget;
import dev.whittle.api.Outcome;
import dev.whittle.api.Pass;
import dev.whittle.api.Reduction;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInput;
import dev.whittle.api.Whittle;
import dev.whittle.jazzer.api.Phases;
import dev.whittle.jazzer.command.TestCommand;
import dev.whittle.jazzer.output.OutputLock;
import dev.whittle.jazzer.output.ResultFile;
import dev.whittle.jazzer.passes.BytePass;
import dev.whittle.jazzer.passes.PassRuns;
import dev.whittle.jazzer.passes.Pipelines;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code whittle reduce}: reduces a file with an external command as the interestingness test. */
@Command(
    name = "reduce",
    resourceBundle = ReduceOptionTexts.NAME,
    sortOptions = false,
    usageHelpAutoWidth = true,
    customSynopsis = {
      "whittle reduce --test CMD [ARG...] [OPTIONS] INPUT",
      "   or: whittle reduce [OPTIONS] INPUT -- CMD [ARG...]",
    },
    description = {
      "Reduces INPUT to a smaller file on which the test command still exits with status 0.",
      "",
      "Whittle runs the test command without a shell, once per candidate, with the path of a"
          + " file holding the candidate appended as its last argument; that file has INPUT's"
          + " name, in a private temporary directory. Exit status 0 means the candidate is"
          + " interesting; any other status, or running longer than --timeout, means it is not.",
      "",
      "INPUT is never modified. The result goes to INPUT.reduced (or --output) and is replaced"
          + " atomically at every improvement, so an interrupted run keeps its best result. A"
          + " second run on the same output is refused while the first one runs.",
      "",
      "The test command runs --check-runs times on INPUT before the reduction and on the result"
          + " after it, and must exit with status 0 every time: a flaky test command makes a"
          + " result meaningless. If the result fails its re-check, the smallest earlier result"
          + " that passes is written instead (else INPUT's content), and the exit code is 8.",
      "",
      "With --test, the words after it up to the next option of this command are the test"
          + " command; when INPUT does not follow elsewhere, the last of those words is INPUT."
          + " Use the second form when an argument of the test command looks like an option of"
          + " this command: nothing after -- is read as an option.",
      "",
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:the result is written",
      "1:unexpected failure",
      "2:bad options or arguments, or an output another run is writing",
      "3:INPUT is missing or unreadable, no regular file (a pipe, a device), longer than 2 GiB, or"
          + " not UTF-8 with --granularity chars or lines",
      "4:the test command cannot be started",
      "5:the test command does not exit with status 0 on INPUT: nothing to reduce",
      "6:the result cannot be written",
      "8:the test command is flaky: it answered differently on INPUT, or on the result (then the"
          + " smallest earlier result that passed its re-check is written)",
      "12:Whittle ran out of memory (its own heap, java -Xmx): the best result so far, if the"
          + " check of INPUT had finished, is written",
      "130:interrupted (Ctrl-C); the result file holds the best result so far",
    })
final class ReduceCommand implements Callable<Integer> {
  static final String OLD_MAX_RUNS = "--max-calls";

  @Spec CommandSpec spec;

  @Option(
      names = "--test",
      paramLabel = "CMD",
      arity = "1..*",
      description = "The test command and its arguments (see above).")
  List<String> testWords = List.of();

  @Option(
      names = "--granularity",
      paramLabel = "UNIT",
      defaultValue = Granularity.DEFAULT,
      description =
          "What one item is: ${COMPLETION-CANDIDATES}. chars and lines need UTF-8 input; lines"
              + " keep their terminators. Default: ${DEFAULT-VALUE}.")
  Granularity granularity;

  @Mixin ReducePassOptions passOptions = new ReducePassOptions();

  @Mixin JobsOption jobsOption = new JobsOption();

  @Mixin OutputOption outputOption = new OutputOption();

  @Mixin JsonOption jsonOption = new JsonOption();

  @Mixin PlotOption plotOption = new PlotOption();

  @Mixin TimeoutOption timeoutOption = new TimeoutOption();

  @Mixin MaxRunsOption maxRunsOption = new MaxRunsOption();

  /** The name of earlier versions, kept so that their command lines still work; not in --help. */
  @Option(
      names = OLD_MAX_RUNS,
      paramLabel = "N",
      hidden = true,
      description = "The earlier name of " + MaxRunsOption.NAME + ".")
  Long oldMaxRuns;

  @Option(
      names = "--check-runs",
      paramLabel = "N",
      defaultValue = "3",
      converter = Converters.PositiveIntConverter.class,
      description =
          "How many times the test command runs on INPUT before the reduction, and on the result"
              + " before it is written as final; it must exit with status 0 every time, or it is"
              + " flaky (exit code 8). 1 trusts a single answer. Default: ${DEFAULT-VALUE}.")
  int checkRuns;

  @Mixin DeadlineOption deadlineOption = new DeadlineOption();

  /** No {@code -h}: it could well be an argument of the test command after {@code --test}. */
  @Option(names = "--help", usageHelp = true, description = HelpOption.DESCRIPTION)
  boolean help;

  @Parameters(
      paramLabel = "INPUT",
      arity = "0..*",
      description = "The file to reduce; after --, followed by the test command.")
  List<String> positionals = List.of();

  ReduceCommand() {}

  /**
   * When the command started: --deadline counts from here, reading and splitting INPUT included.
   */
  private long startNanos;

  /** Runs of the test command per pass, for --json. */
  private final PassRuns passRuns = new PassRuns();

  /** {@code --jobs} as it runs: for the search and for the repeated checks alike. */
  private int jobs;

  @Override
  public Integer call() throws IOException {
    startNanos = System.nanoTime();
    Long runs = maxRuns();
    Phases.end("option parsing");
    TestInvocation invocation = resolveInvocation();
    Path input = Path.of(invocation.input());
    if (invocation.inputIsLastTestWord() && !Files.exists(input)) {
      throw ReduceFailures.forgottenInput(input);
    }
    Path resultPath = resolveOutput(input);
    Budget budget =
        Budgets.of(spec.commandLine(), MaxRunsOption.NAME, runs, deadlineOption.value());
    jobs = jobsOption.value(err());
    List<BytePass> bytePasses = passOptions.bytePasses(granularity, spec.commandLine());
    ResultFile resultFile = new ResultFile(resultPath);
    try {
      return call(invocation, input, resultFile, budget, bytePasses);
    } catch (OutOfMemoryError e) {
      // Whittle's own: the test command runs in a process of its own. By now the reduction's data
      // is unreachable, and the best result so far is in the result file.
      throw OutOfMemory.failure(input, resultFile);
    }
  }

  private int call(
      TestInvocation invocation,
      Path input,
      ResultFile resultFile,
      Budget budget,
      List<BytePass> bytePasses)
      throws IOException {
    byte[] original = InputAndOutputFiles.read(input);
    ReducePassOptions.TreePasses treePasses =
        passOptions.treePasses(original, granularity, spec.commandLine(), err());
    List<Pass<byte[]>> passes = new ArrayList<>(treePasses.passes());
    passes.addAll(Pipelines.newPasses(bytePasses));
    if (!passes.isEmpty()) {
      return reduce(
          Granularity.byteCodec(),
          new Passes<>(passes, treePasses.waitForText()),
          invocation.command(),
          input,
          resultFile,
          original,
          budget);
    }
    return reduce(
        granularity.codec(),
        new Passes<>(List.of(), false),
        invocation.command(),
        input,
        resultFile,
        original,
        budget);
  }

  /**
   * The passes of a reduction, and whether it starts with plain ddmin's coarse steps: on a crash
   * file whose tree passes wait for text (a NUL, bytes that are not UTF-8). There no tree pass asks
   * anything at first, and the algorithm, deleting from the front, would take the first of two ways
   * to the failure apart while the other still holds it (docs/reduce.md); ddmin's halves and
   * quarters take off whole what the top levels of a tree would on text, where the tree passes go
   * first and a coarse start would only add runs (on Zeller's cases it did).
   */
  private record Passes<C>(List<Pass<C>> passes, boolean coarseStart) {}

  private <C> int reduce(
      ContentCodec<C> codec,
      Passes<C> passes,
      List<String> command,
      Path input,
      ResultFile resultFile,
      byte[] original,
      Budget budget)
      throws IOException {
    SequenceInput<C> sequence = split(codec, original, input);
    InterruptOnShutdown guard = InterruptOnShutdown.ofCurrentThread();
    try (OutputLock lock = Outputs.lock(resultFile.path());
        TestCommand oracle =
            TestCommand.start(command, input.getFileName().toString(), timeoutOption.value())) {
      RepeatedCheck checks = new RepeatedCheck(oracle, checkRuns, jobs);
      ReduceFailures.checkOriginal(checks, oracle, original, input);
      ResultCheck resultCheck = new ResultCheck(checks, original);
      ReductionResult<C> result =
          run(sequence, codec, passes, budget, oracle, resultFile, resultCheck, original);
      // An interrupt has done its work by stopping the reduction; what follows must still run.
      boolean interrupted = Thread.interrupted();
      byte[] reduced = codec.encode(result.reduced());
      ResultCheck.Verdict verdict =
          interrupted
              ? new ResultCheck.Verdict(reduced, false, Optional.empty())
              : resultCheck.verify(reduced);
      resultFile.save(verdict.content());
      verdict
          .failedRecheck()
          .ifPresent(
              tally ->
                  warn(
                      ReduceFailures.flakyResult(
                          tally, reduced, verdict.content(), original, resultFile.path())));
      plotOption.draw("whittle reduce " + input.getFileName(), result);
      report(
          ReductionReport.of(
              result,
              input.toString(),
              resultFile.path().toString(),
              granularity,
              original.length,
              new ReductionReport.Written(
                  split(codec, verdict.content(), input).size(),
                  verdict.content().length,
                  verdict.verified(),
                  checks.runsMade() - 1),
              passRuns.snapshot()));
      return verdict.failedRecheck().isPresent() ? ExitCodes.FLAKY_FINDING : ExitCodes.OK;
    } catch (RuntimeException e) {
      throw ReduceFailures.translate(e, resultFile);
    } finally {
      // Closed after the oracle, so that a Ctrl-C also waits for the temporary files to go.
      guard.close();
    }
  }

  private <C> ReductionResult<C> run(
      SequenceInput<C> sequence,
      ContentCodec<C> codec,
      Passes<C> passes,
      Budget budget,
      TestCommand oracle,
      ResultFile resultFile,
      ResultCheck resultCheck,
      byte[] original) {
    Reduction<C> reduction =
        Whittle.reduce(sequence)
            .withAlgorithm(passOptions.algorithm.sequence())
            .withBudget(afterSetup(budget))
            .withJobs(jobs)
            .withProgressListener(
                new ProgressPrinter(err(), granularity.toString(), sequence.size()))
            .withImprovementListener(
                (best, progress) -> {
                  byte[] content = codec.encode(best);
                  resultFile.save(content);
                  resultCheck.improved(content);
                });
    if (!passes.passes().isEmpty()) {
      // First, as in whittle minimize: they take off whole chunks that deletion would otherwise
      // take apart an item at a time. Without passes the reduction is exactly what it was.
      reduction = reduction.withPassesFirst(true).withCoarseStart(passes.coarseStart());
      for (Pass<C> pass : passes.passes()) {
        reduction = reduction.withPass(passRuns.counted(pass));
      }
    }
    // The search's first question is INPUT, which checkOriginal has just answered.
    AtomicBoolean originalAnswered = new AtomicBoolean();
    return reduction.run(
        candidate -> {
          byte[] content = codec.encode(candidate);
          if (!originalAnswered.getAndSet(true) && Arrays.equals(content, original)) {
            return Outcome.INTERESTING;
          }
          passRuns.ran();
          return oracle.test(content);
        });
  }

  private TestInvocation resolveInvocation() {
    try {
      return TestInvocation.resolve(testWords, positionals);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  private Path resolveOutput(Path input) {
    try {
      return InputAndOutputFiles.resultPath(input, outputOption.value());
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  /**
   * {@code budget} with the time since the command started taken off its deadline: reading,
   * decoding and splitting a large INPUT take their share of it. The check of the original still
   * runs, however little is left.
   */
  private Budget afterSetup(Budget budget) {
    if (budget.deadline().isEmpty()) {
      return budget;
    }
    Duration left = budget.deadline().get().minusNanos(System.nanoTime() - startNanos);
    return budget.withDeadline(left.compareTo(MIN_DEADLINE) < 0 ? MIN_DEADLINE : left);
  }

  /** What is left of a deadline that setup used up: the check of the original, nothing more. */
  private static final Duration MIN_DEADLINE = Duration.ofNanos(1);

  /** {@code --max-runs}, or its earlier name {@code --max-calls}, or null; not both. */
  Long maxRuns() {
    Long maxRuns = maxRunsOption.maxRuns;
    if (maxRuns != null && oldMaxRuns != null) {
      throw new ParameterException(
          spec.commandLine(),
          OLD_MAX_RUNS + " is the earlier name of " + MaxRunsOption.NAME + "; give one");
    }
    return maxRuns != null ? maxRuns : oldMaxRuns;
  }

  private <C> SequenceInput<C> split(ContentCodec<C> codec, byte[] original, Path input) {
    try {
      return codec.split(original);
    } catch (MalformedInputFileException e) {
      throw new CliException(
          ExitCodes.INPUT_UNREADABLE,
          "cannot read "
              + input
              + " as "
              + granularity
              + ": "
              + e.getMessage()
              + "; use --granularity bytes for binary input");
    }
  }

  private void warn(String message) {
    err().println(message);
    err().flush();
  }

  private void report(ReductionReport report) {
    jsonOption.print(spec.commandLine().getOut(), report::toJson, report::toSummary);
  }

  private PrintWriter err() {
    return spec.commandLine().getErr();
  }
}
