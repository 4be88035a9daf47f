package dev.whittle.cli;

import com.google.common.base.Throwables;
import dev.whittle.api.Algorithm;
import dev.whittle.api.Algorithms;
import dev.whittle.api.Budget;
import dev.whittle.api.Outcome;
import dev.whittle.api.Reduction;
import dev.whittle.api.ReductionResult;
import dev.whittle.api.SequenceInput;
import dev.whittle.api.ValueReducer;
import dev.whittle.api.Whittle;
import dev.whittle.engine.command.CandidateDirectoryGoneException;
import dev.whittle.engine.command.CommandRun;
import dev.whittle.engine.command.ExternalCommandOracle;
import dev.whittle.engine.command.TestCommandNotStartableException;
import dev.whittle.engine.tree.TreeBuilder;
import dev.whittle.engine.tree.TreeSizeLimit;
import dev.whittle.engine.tree.grammar.GrammarReducers;
import dev.whittle.engine.tree.grammar.GrammarTreeBuilder;
import dev.whittle.engine.tree.lenient.LenientFormats;
import dev.whittle.engine.tree.reduce.LearnedFilters;
import dev.whittle.engine.tree.reduce.TreePasses;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.ListResourceBundle;
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
    resourceBundle = ReduceCommand.OPTION_TEXTS,
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
      "3:INPUT is missing or unreadable, or not UTF-8 with --granularity chars or lines",
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
  static final String OPTION_TEXTS = "dev.whittle.cli.ReduceCommand$OptionTexts";
  static final String PASSES_KEY = "passes";
  static final String ALGORITHM_KEY = "algorithm";

  /**
   * What the options shared with other commands mean here, and the texts made from the code they
   * describe (the passes, the default tree passes), so that they cannot drift from it.
   */
  static final class OptionTexts extends ListResourceBundle {
    public OptionTexts() {}

    @Override
    protected Object[][] getContents() {
      return new Object[][] {
        {PASSES_KEY, BytePass.helpText()},
        {
          ALGORITHM_KEY,
          "One of ${COMPLETION-CANDIDATES}. The sequence algorithms delete items; the tree"
              + " algorithms (hdd, hdd* to a fixpoint, coarse-hdd, gtr, gtr* with substitution by a"
              + " descendant) reduce the tree of --format first, then "
              + ReduceAlgorithm.DEFAULT
              + " makes the result 1-minimal. Default: ${DEFAULT-VALUE}, after the default tree"
              + " passes ("
              + String.join(", ", defaultTreePassNames())
              + ") when --format finds a tree."
        },
        {
          OutputOption.KEY,
          "Where the result goes. Default: INPUT" + InputAndOutputFiles.OUTPUT_SUFFIX + "."
        },
        {
          JsonOption.KEY,
          "Print one JSON object with the result's figures on standard output, the trajectory"
              + " (runs, milliseconds and size at each improvement) among them."
        },
        {
          PlotOption.KEY,
          "Draw the reduction's trajectory, size against test runs and against time, as an SVG"
              + " picture in FILE.svg."
        },
        {
          TimeoutOption.KEY,
          "Longest one run of the test command may take; a run that takes longer is killed with"
              + " its child processes and counts as not interesting. "
              + TimeoutOption.SYNTAX
              + " Default: no limit."
        },
      };
    }
  }

  /** The names of the tree passes a text input gets when no tree algorithm is named. */
  static List<String> defaultTreePassNames() {
    return TreePasses.forText(LenientFormats.auto(), Algorithms.defaultAlgorithm()).stream()
        .map(ValueReducer::name)
        .toList();
  }

  @Spec CommandSpec spec;

  @Option(
      names = "--test",
      arity = "1..*",
      paramLabel = "CMD",
      description = "The test command and its arguments (see above).")
  List<String> testWords = new ArrayList<>();

  @Option(
      names = "--granularity",
      paramLabel = "UNIT",
      defaultValue = Granularity.DEFAULT,
      description =
          "What one item is: ${COMPLETION-CANDIDATES}. chars and lines need UTF-8 input; lines"
              + " keep their terminators. Default: ${DEFAULT-VALUE}.")
  Granularity granularity;

  @Option(
      names = "--passes",
      paramLabel = "LIST",
      descriptionKey = PASSES_KEY,
      completionCandidates = BytePass.Names.class)
  String passes;

  @Option(
      names = "--algorithm",
      paramLabel = "NAME",
      defaultValue = ReduceAlgorithm.DEFAULT,
      converter = ReduceAlgorithm.Converter.class,
      completionCandidates = ReduceAlgorithm.Names.class,
      descriptionKey = ALGORITHM_KEY)
  ReduceAlgorithm algorithm;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = TreeFormats.AUTO,
      completionCandidates = TreeFormats.Names.class,
      description =
          "How INPUT is read as a tree for the tree passes: "
              + TreeFormats.NAMES
              + ". auto guesses from the content; bytes, and auto on binary input, run no tree"
              + " pass: the reduction is then the sequence algorithm's alone. Trees never"
              + " re-serialize INPUT: what is kept is INPUT's own bytes. Trees are built only of"
              + " content up to "
              + TreeSizeLimit.MAX_BYTES
              + " bytes (1 MiB): on a larger INPUT the tree passes wait until the result is that"
              + " small. Only with --granularity bytes. Default: ${DEFAULT-VALUE}.")
  String format;

  @Option(
      names = "--grammar",
      paramLabel = "FILE.g4",
      description =
          "Short for --format grammar:FILE.g4: reduce INPUT as a tree of the ANTLR 4 grammar in"
              + " FILE.g4, loaded at run time; its first parser rule is the start rule.")
  Path grammar;

  @Option(
      names = "--level-algorithm",
      paramLabel = "NAME",
      defaultValue = Algorithms.ENTROPY,
      converter = Converters.AlgorithmConverter.class,
      description =
          "The sequence algorithm that chooses which nodes of one tree level to delete in hdd and"
              + " gtr (ddmin as in the HDD paper, or entropy). Default: ${DEFAULT-VALUE}.")
  Algorithm levelAlgorithm;

  @Option(
      names = "--learn-from",
      paramLabel = "DIR",
      description =
          "With --algorithm gtr or gtr*: learn from the valid inputs in DIR which children every"
              + " node of a kind has (they are not deleted alone) and under which kinds each kind"
              + " occurs (a node is replaced only by a descendant seen in its place).")
  Path learnFrom;

  @Mixin JobsOption jobsOption = new JobsOption();

  @Mixin OutputOption outputOption = new OutputOption();

  @Mixin JsonOption jsonOption = new JsonOption();

  @Mixin PlotOption plotOption = new PlotOption();

  @Mixin TimeoutOption timeoutOption = new TimeoutOption();

  @Option(
      names = "--max-calls",
      paramLabel = "N",
      description =
          "Stop after N runs of the test command asked by the search, the first check of INPUT"
              + " included, keeping the best result so far; the repeated checks of INPUT and of"
              + " the result come on top. Default: no limit.")
  Long maxCalls;

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

  @Option(
      names = "--deadline",
      paramLabel = "DURATION",
      converter = Converters.DurationConverter.class,
      description =
          "Stop this long after the start, keeping the best result so far; a test run under way"
              + " then is finished first. Default: no limit.")
  Duration deadline;

  // No short names here: -h or -V could well be arguments of the test command after --test.
  @Option(names = "--help", usageHelp = true, description = "Show this help and exit.")
  boolean help;

  @Parameters(
      paramLabel = "INPUT",
      arity = "0..*",
      description = "The file to reduce; after --, followed by the test command.")
  List<String> positionals = new ArrayList<>();

  /**
   * When the command started: --deadline counts from here, reading and splitting INPUT included.
   */
  private long startNanos;

  @Override
  public Integer call() throws IOException {
    startNanos = System.nanoTime();
    TestInvocation invocation = resolveInvocation();
    Path input = Path.of(invocation.input());
    if (invocation.inputIsLastTestWord() && !Files.exists(input)) {
      throw forgottenInput(input);
    }
    Path resultPath = resolveOutput(input);
    Budget budget = budget();
    List<BytePass> bytePasses = bytePasses();
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
    List<ValueReducer<byte[]>> reducers = new ArrayList<>(treePasses(original));
    bytePasses.stream().map(BytePass::newReducer).forEach(reducers::add);
    if (!reducers.isEmpty()) {
      return reduce(
          Granularity.byteCodec(),
          reducers,
          invocation.command(),
          input,
          resultFile,
          original,
          budget);
    }
    return reduce(
        granularity.codec(), List.of(), invocation.command(), input, resultFile, original, budget);
  }

  private <C> int reduce(
      ContentCodec<C> codec,
      List<ValueReducer<C>> valueReducers,
      List<String> command,
      Path input,
      ResultFile resultFile,
      byte[] original,
      Budget budget)
      throws IOException {
    SequenceInput<C> sequence = split(codec, original, input);
    InterruptOnShutdown guard = InterruptOnShutdown.ofCurrentThread();
    try (OutputLock lock = OutputLock.acquire(resultFile.path());
        ExternalCommandOracle oracle =
            ExternalCommandOracle.create(
                command, input.getFileName().toString(), timeoutOption.value())) {
      RepeatedCheck checks = new RepeatedCheck(oracle, checkRuns);
      checkOriginal(checks, oracle, original, input);
      ResultCheck resultCheck = new ResultCheck(checks, original);
      ReductionResult<C> result =
          run(sequence, codec, valueReducers, budget, oracle, resultFile, resultCheck, original);
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
              tally -> warnFlaky(tally, reduced, verdict.content(), original, resultFile.path()));
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
                  checks.runsMade() - 1)));
      return verdict.failedRecheck().isPresent() ? ExitCodes.FLAKY_FINDING : ExitCodes.OK;
    } catch (RuntimeException e) {
      throw translate(e, resultFile);
    } finally {
      // Closed after the oracle, so that a Ctrl-C also waits for the temporary files to go.
      guard.close();
    }
  }

  /**
   * Runs the test command {@code --check-runs} times on INPUT: it must be interesting every time.
   * The search's own first question, INPUT, is then answered by this check.
   */
  private static void checkOriginal(
      RepeatedCheck checks, ExternalCommandOracle oracle, byte[] original, Path input) {
    RepeatedCheck.Tally tally = checks.check(original, false);
    if (tally.interrupted()) {
      throw new CliException(
          ExitCodes.INTERRUPTED,
          "interrupted while checking the original input " + input + "; nothing written");
    }
    if (tally.interesting() == 0) {
      throw new CliException(
          ExitCodes.ORIGINAL_NOT_INTERESTING, notInterestingMessage(oracle, input));
    }
    if (!tally.allInteresting()) {
      throw new CliException(
          ExitCodes.FLAKY_FINDING,
          "the test command '"
              + String.join(" ", oracle.command())
              + "' is flaky on the original input "
              + input
              + ": it "
              + tally.describe()
              + ". A reduction needs the same answer on the same content: make the test"
              + " deterministic (fixed seeds, no timing, no state shared between runs), or give"
              + " --check-runs 1 to trust one answer; nothing written");
    }
  }

  private void warnFlaky(
      RepeatedCheck.Tally recheck,
      byte[] reduced,
      byte[] written,
      byte[] original,
      Path resultPath) {
    String instead =
        Arrays.equals(written, original)
            ? "INPUT's content, as no smaller result it kept passed its re-check"
            : "the smallest earlier result that passed its re-check, " + written.length + " bytes";
    err()
        .println(
            "whittle: the test command is flaky: on the search's result ("
                + reduced.length
                + " bytes) it "
                + recheck.describe()
                + "; "
                + resultPath
                + " holds instead "
                + instead
                + ". Make the test deterministic and reduce again.");
    err().flush();
  }

  private <C> ReductionResult<C> run(
      SequenceInput<C> sequence,
      ContentCodec<C> codec,
      List<ValueReducer<C>> valueReducers,
      Budget budget,
      ExternalCommandOracle oracle,
      ResultFile resultFile,
      ResultCheck resultCheck,
      byte[] original) {
    Reduction<C> reduction =
        Whittle.reduce(sequence)
            .withAlgorithm(algorithm.sequence())
            .withBudget(afterSetup(budget))
            .withJobs(jobsOption.value(err()))
            .withProgressListener(
                new ProgressPrinter(err(), granularity.toString(), sequence.size()))
            .withImprovementListener(
                (best, progress) -> {
                  byte[] content = codec.encode(best);
                  resultFile.save(content);
                  resultCheck.improved(content);
                });
    if (!valueReducers.isEmpty()) {
      // First, as in whittle minimize: they take off whole chunks that deletion would otherwise
      // take apart an item at a time. Without passes the reduction is exactly what it was.
      reduction = reduction.withValueReducersFirst(true);
      for (ValueReducer<C> reducer : valueReducers) {
        reduction = reduction.withValueReducer(reducer);
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
          return oracle.test(content);
        });
  }

  /** Finds the cause the user can act on in whatever the engine wrapped around it. */
  private static CliException translate(RuntimeException e, ResultFile resultFile) {
    for (Throwable cause : Throwables.getCausalChain(e)) {
      if (cause instanceof CliException cli) {
        return cli;
      }
      if (cause instanceof OutOfMemoryError outOfMemory) {
        throw outOfMemory; // in a job's thread: reported as Whittle's own, as on the main thread
      }
      if (cause instanceof TestCommandNotStartableException notStartable) {
        return new CliException(ExitCodes.TEST_NOT_STARTABLE, notStartable.getMessage(), e);
      }
      if (cause instanceof CandidateDirectoryGoneException gone) {
        return new CliException(
            ExitCodes.FAILURE, gone.getMessage() + "; " + resultFile.describeSaved(), e);
      }
    }
    return new CliException(ExitCodes.FAILURE, "the reduction failed: " + e.getMessage(), e);
  }

  /**
   * A forgotten INPUT makes the test command's last word INPUT: say so, rather than only that a
   * file named like a pattern does not exist.
   */
  private static CliException forgottenInput(Path input) {
    // The test command's last word is INPUT in the first form: a missing file and a forgotten
    // INPUT look the same, so the message says both.
    return new CliException(
        ExitCodes.INPUT_UNREADABLE,
        "input file not found: "
            + input
            + ", the last word after --test, taken as INPUT; if it belongs to the test command,"
            + " no INPUT was given: give it as in one of the two forms:"
            + System.lineSeparator()
            + "  whittle reduce --test CMD [ARG...] [OPTIONS] INPUT"
            + System.lineSeparator()
            + "  whittle reduce [OPTIONS] INPUT -- CMD [ARG...]");
  }

  private static String notInterestingMessage(ExternalCommandOracle oracle, Path input) {
    String what = oracle.lastRun().map(CommandRun::describe).orElse("did not say");
    return "the original input "
        + input
        + " is not interesting: the test command '"
        + String.join(" ", oracle.command())
        + "' "
        + what
        + " on it, and Whittle reduces inputs on which it exits with status 0; nothing written";
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

  private List<BytePass> bytePasses() {
    if (passes == null) {
      return List.of();
    }
    if (granularity != Granularity.BYTES) {
      throw new ParameterException(
          spec.commandLine(),
          "--passes rewrite bytes; they need --granularity bytes, not " + granularity);
    }
    try {
      return BytePass.parseList(passes);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  /**
   * The tree passes of {@code --format} and {@code --algorithm}: none for other granularities than
   * bytes, for {@code --format bytes} and for binary input.
   */
  private List<ValueReducer<byte[]>> treePasses(byte[] original) {
    String formatName = effectiveFormat();
    boolean explicitFormat = !formatName.trim().equalsIgnoreCase(TreeFormats.AUTO);
    if (granularity != Granularity.BYTES) {
      if (explicitFormat || algorithm.tree().isPresent()) {
        throw new ParameterException(
            spec.commandLine(),
            "--format and the tree algorithms work on bytes; they need --granularity bytes, not "
                + granularity);
      }
      return List.of();
    }
    if (learnFrom != null && !algorithm.isGtr()) {
      throw new ParameterException(
          spec.commandLine(), "--learn-from is for --algorithm gtr or gtr*");
    }
    Optional<TreeBuilder> builder;
    try {
      builder = TreeFormats.resolve(formatName, original);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    if (builder.isEmpty()) {
      return List.of();
    }
    noteTreeSizeLimit(original.length);
    if (algorithm.tree().isEmpty()) {
      return defaultTreePasses(builder.get());
    }
    LearnedFilters filters = learnFrom == null ? LearnedFilters.none() : learn(builder.get());
    return List.of(
        TreePasses.named(algorithm.tree().get(), builder.get(), levelAlgorithm, filters)
            .orElseThrow());
  }

  /** Why the tree passes ask nothing yet: they wait for the content to come below their limit. */
  private void noteTreeSizeLimit(int length) {
    if (length > TreeSizeLimit.MAX_BYTES) {
      err()
          .println(
              "whittle: INPUT is "
                  + length
                  + " bytes, more than the "
                  + TreeSizeLimit.MAX_BYTES
                  + " bytes the tree passes read as a tree: the tree passes wait until the"
                  + " result is that small");
    }
  }

  /**
   * {@code --format}, or {@code grammar:FILE.g4} for {@code --grammar FILE.g4}. Both at once are an
   * error unless they say the same; a grammar file that is not there or not readable is named here,
   * before ANTLR would say it less plainly.
   */
  private String effectiveFormat() {
    if (grammar == null) {
      return format;
    }
    String alias = TreeFormats.GRAMMAR_PREFIX + grammar;
    boolean formatGiven = spec.commandLine().getParseResult().hasMatchedOption("--format");
    if (formatGiven && !format.trim().equals(alias)) {
      throw new ParameterException(
          spec.commandLine(),
          "--grammar "
              + grammar
              + " is short for --format "
              + alias
              + "; it cannot go with --format "
              + format);
    }
    if (!Files.isRegularFile(grammar)) {
      throw new ParameterException(
          spec.commandLine(),
          "--grammar "
              + grammar
              + (Files.exists(grammar) ? " is not a file" : " does not exist")
              + "; it names an ANTLR 4 grammar file (.g4)");
    }
    if (!Files.isReadable(grammar)) {
      throw new ParameterException(spec.commandLine(), "--grammar " + grammar + " is not readable");
    }
    return alias;
  }

  /**
   * The tree passes of the default pipeline; a grammar's trees get the fuzzingbook's grammar
   * reducers too, which replace a subtree by a smaller one of the same rule or by its minimal
   * expansion: what deletion alone cannot do without breaking the grammar.
   */
  private List<ValueReducer<byte[]>> defaultTreePasses(TreeBuilder builder) {
    if (!(builder instanceof GrammarTreeBuilder grammar)) {
      return TreePasses.forText(builder, levelAlgorithm);
    }
    List<ValueReducer<byte[]>> passes = new ArrayList<>(GrammarReducers.forBuilder(grammar));
    passes.addAll(TreePasses.forText(builder, levelAlgorithm));
    return passes;
  }

  private LearnedFilters learn(TreeBuilder builder) {
    try {
      return LearnedFilters.learn(builder, learnFrom);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), "--learn-from: " + e.getMessage());
    } catch (UncheckedIOException e) {
      throw new CliException(
          ExitCodes.INPUT_UNREADABLE, "--learn-from: " + e.getMessage() + ": " + e.getCause(), e);
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

  private Budget budget() {
    return Budgets.of(spec.commandLine(), "--max-calls", maxCalls, deadline);
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

  private void report(ReductionReport report) {
    jsonOption.print(spec.commandLine().getOut(), report::toJson, report::toSummary);
  }

  private PrintWriter err() {
    return spec.commandLine().getErr();
  }
}
