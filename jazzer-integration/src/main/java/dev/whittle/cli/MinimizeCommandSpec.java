package dev.whittle.cli;

import static dev.whittle.cli.OptionSpecs.isSet;
import static dev.whittle.cli.OptionSpecs.value;

import dev.whittle.api.Algorithm;
import dev.whittle.api.Algorithms;
import dev.whittle.api.Durations;
import dev.whittle.jazzer.api.CrashMinimizer;
import dev.whittle.jazzer.api.MatchMode;
import dev.whittle.jazzer.passes.BytePass;
import dev.whittle.jazzer.passes.Pipelines;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * What {@code whittle minimize} says and accepts: its picocli model, built by hand instead of from
 * annotations. Picocli builds an annotated command's model by reflection (annotation proxies,
 * generic signatures, field accessors) in its own interpreted code, which was the largest fixed
 * cost of a short minimization; a hand-built model skips all of it. The options are those of the
 * shared mixins ({@link TargetOptions}, {@link AlgorithmOption}, ...) with the same names, labels,
 * defaults, converters and texts, in the order the help lists them; {@link #read} then puts the
 * parsed values into the command's mixin objects, which {@code corpus} still fills through its
 * annotations ({@code reduce}'s model is built by hand too, in {@link ReduceCommandSpec}). {@code
 * CommandLinePinTest} pins the help, the errors and the parsed values.
 */
final class MinimizeCommandSpec {
  private MinimizeCommandSpec() {}

  private static final String[] DESCRIPTION = {
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
  };

  private static final String EXIT_CODE_LIST_HEADING =
      "%nExit codes (when several crash files fail, the first one's):%n";

  private static final String[] EXIT_CODE_LIST = {
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
  };

  /** The model of {@code minimize}, running {@code command}. */
  static CommandSpec of(MinimizeCommand command) {
    CommandSpec spec = OptionSpecs.command(command, "minimize", DESCRIPTION, EXIT_CODE_LIST);
    spec.usageMessage().exitCodeListHeading(EXIT_CODE_LIST_HEADING);
    addTargetOptions(spec);
    addSearchOptions(spec);
    addVerificationOptions(spec);
    addOutputOptions(spec);
    addBudgetOptions(spec);
    spec.addOption(OptionSpecs.help("-h", "--help"));
    spec.addPositional(
        PositionalParamSpec.builder()
            .index("0..*")
            .arity("1..*")
            .required(true)
            .paramLabel("CRASH")
            .type(List.class)
            .auxiliaryTypes(Path.class)
            .description("Crash files or directories.")
            .build());
    return spec;
  }

  private static void addTargetOptions(CommandSpec spec) {
    spec.addOption(
        OptionSpec.builder("--cp")
            .required(true)
            .paramLabel("CLASSPATH")
            .type(String.class)
            .description(
                TargetOptions.classPathHelp(
                    ". The target is loaded from them first; Jazzer's API comes from Whittle."))
            .build());
    spec.addOption(
        OptionSpec.builder("--target")
            .required(true)
            .paramLabel("CLASS")
            .type(String.class)
            .description(TargetOptions.TARGET_DESCRIPTION)
            .build());
    spec.addOption(
        OptionSpec.builder("--target-arg")
            .paramLabel("ARG")
            .arity("1")
            .type(List.class)
            .auxiliaryTypes(String.class)
            .description(TargetOptions.TARGET_ARG_DESCRIPTION)
            .build());
  }

  private static void addSearchOptions(CommandSpec spec) {
    spec.addOption(
        OptionSpec.builder("--algorithm")
            .paramLabel("NAME")
            .type(Algorithm.class)
            .defaultValue(Algorithms.ENTROPY)
            .converters(new Converters.AlgorithmConverter())
            .completionCandidates(new Converters.AlgorithmNames())
            .description(AlgorithmOption.DESCRIPTION)
            .build());
    spec.addOption(OptionSpecs.jobs());
    spec.addOption(
        OptionSpec.builder("--match")
            .paramLabel("MODE")
            .type(MatchMode.class)
            .defaultValue(MatchMode.DEDUP_TOKEN)
            .converters(new Converters.MatchModeConverter())
            .completionCandidates(new Converters.MatchModeNames())
            .description(
                "When a candidate's finding counts as the crash's: dedup-token (the same Jazzer"
                    + " DEDUP_TOKEN), exception-type, or top-frames-N (the same innermost N"
                    + " frames). Default: ${DEFAULT-VALUE}.")
            .build());
    spec.addOption(
        OptionSpecs.duration(
            "--timeout",
            "Longest one run of the target may take; a longer one is a timeout finding,"
                + " which only matches a crash that timed out too. "
                + TimeoutOption.SYNTAX
                + " Default: "
                + Durations.format(CrashMinimizer.DEFAULT_RUN_TIMEOUT)
                + "."));
    spec.addOption(
        OptionSpecs.flag(
            "--fresh-loader",
            "<freshLoader>",
            "Load and initialize the target afresh for every candidate, so that no static state"
                + " carries over. Much slower; try it when a result is not verified."));
    spec.addOption(
        OptionSpecs.flag(
            "--no-value-reduction",
            "<noValueReduction>",
            "Only delete bytes. By default the passes take the first turn: a FuzzedDataProvider"
                + " target's consume* calls are recorded, their values made smaller and encoded"
                + " back into bytes; a byte[] target's crash gets the tree passes when it is"
                + " text, and the byte passes of reduce --passes all ("
                + BytePass.list(Pipelines.bytes())
                + ")."));
  }

  private static void addVerificationOptions(CommandSpec spec) {
    spec.addOption(
        OptionSpec.builder("--jvm-arg")
            .paramLabel("OPTION")
            .arity("1")
            .type(List.class)
            .auxiliaryTypes(String.class)
            .description(
                "An option of the fresh JVMs that verify a result, such as -Xss512k or"
                    + " -Xmx256m; repeatable. Default: the -Xss, -Xmx and -Xms this JVM runs"
                    + " with.")
            .build());
    spec.addOption(
        OptionSpecs.flag(
            "--verify-in-fresh-jvm",
            "<verifyInFreshJvm>",
            "Verify every result in fresh JVMs, not only StackOverflowError and"
                + " OutOfMemoryError ones. Costs a JVM start per run."));
    spec.addOption(
        OptionSpecs.flag(
            "--no-fresh-jvm",
            "<noFreshJvm>",
            "Verify every result in a fresh class loader only, resource findings too (as before"
                + " fresh JVMs were used)."));
    spec.addOption(
        OptionSpec.builder("--fresh-jvm-runs")
            .paramLabel("N")
            .type(int.class)
            .defaultValue("3")
            .description(
                "How many fresh JVMs must each reproduce a result. Default: ${DEFAULT-VALUE}.")
            .build());
  }

  private static void addOutputOptions(CommandSpec spec) {
    spec.addOption(
        OptionSpecs.path(
            "--output",
            "FILE",
            "Where the minimized bytes go instead of minimized-<sha1>; only with one crash"
                + " file. The reproducer goes next to it."));
    spec.addOption(
        OptionSpecs.flag(
            "--json",
            "<json>",
            "Print one JSON object with an entry per crash file on standard output, each with"
                + " its trajectory (runs, milliseconds and size at each improvement)."));
    spec.addOption(
        OptionSpecs.path(
            "--plot",
            "FILE.svg",
            "Draw the minimization's trajectory, size against runs and against time, as an"
                + " SVG picture in FILE.svg; only with one crash file."));
  }

  private static void addBudgetOptions(CommandSpec spec) {
    spec.addOption(
        OptionSpec.builder("--max-runs")
            .paramLabel("N")
            .type(Long.class)
            .description(
                "Stop minimizing a crash file after N runs of the target asked by the search (the"
                    + " reproduction runs before it and the verification after it come on top),"
                    + " keeping the smallest input so far, which is verified and written as"
                    + " usual. Default: no limit.")
            .build());
    spec.addOption(
        OptionSpecs.duration(
            "--deadline",
            "Stop minimizing a crash file this long after its start, keeping the smallest"
                + " input so far, which is verified and written as usual. Default: "
                + MinimizeCommand.DEFAULT_DEADLINE.toMinutes()
                + " minutes"
                + ", so that no input keeps a run going forever."));
  }

  /**
   * Puts the values {@code spec} parsed into {@code command}'s fields and mixins, where the rest of
   * the command and the classes it shares with {@code reduce} and {@code corpus} read them.
   */
  static void read(CommandSpec spec, MinimizeCommand command) {
    command.targetOptions.classPath = value(spec, "--cp");
    command.targetOptions.targetClass = value(spec, "--target");
    List<String> targetArgs = value(spec, "--target-arg");
    command.targetOptions.targetArgs = targetArgs == null ? List.of() : targetArgs;
    command.algorithmOption.algorithm = value(spec, "--algorithm");
    command.jobsOption.jobs = OptionSpecs.<Integer>value(spec, "--jobs");
    command.matchMode = value(spec, "--match");
    command.timeoutOption.timeout = value(spec, "--timeout");
    command.freshLoader = isSet(spec, "--fresh-loader");
    command.valueReductionOption.noValueReduction = isSet(spec, "--no-value-reduction");
    command.freshJvmOptions.jvmArgs = value(spec, "--jvm-arg");
    command.freshJvmOptions.verifyInFreshJvm = isSet(spec, "--verify-in-fresh-jvm");
    command.freshJvmOptions.noFreshJvm = isSet(spec, "--no-fresh-jvm");
    command.freshJvmOptions.freshJvmRuns = OptionSpecs.<Integer>value(spec, "--fresh-jvm-runs");
    command.outputOption.output = value(spec, "--output");
    command.jsonOption.json = isSet(spec, "--json");
    command.plotOption.plot = value(spec, "--plot");
    command.maxRuns = value(spec, "--max-runs");
    command.deadlineOption.deadline = value(spec, "--deadline");
    command.crashArguments = spec.positionalParameters().get(0).getValue();
  }
}
