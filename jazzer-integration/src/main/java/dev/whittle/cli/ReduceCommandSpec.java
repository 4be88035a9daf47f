package dev.whittle.cli;

import static dev.whittle.cli.OptionSpecs.isSet;
import static dev.whittle.cli.OptionSpecs.value;

import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParameterException;

/**
 * What {@code whittle reduce} says and accepts: its picocli model, built by hand instead of from
 * annotations, as {@code minimize}'s is ({@link MinimizeCommandSpec} says why). The options have
 * the names, labels, defaults, converters and texts the annotations gave them, in the order the
 * help lists them; {@link #read} then puts the parsed values into the command's fields and option
 * objects. {@code CommandLinePinTest} pins the help, the errors and the parsed values.
 */
final class ReduceCommandSpec {
  static final String MAX_RUNS = "--max-runs";
  static final String OLD_MAX_RUNS = "--max-calls";

  private ReduceCommandSpec() {}

  private static final String[] SYNOPSIS = {
    "whittle reduce --test CMD [ARG...] [OPTIONS] INPUT",
    "   or: whittle reduce [OPTIONS] INPUT -- CMD [ARG...]",
  };

  private static final String[] DESCRIPTION = {
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
  };

  private static final String[] EXIT_CODE_LIST = {
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
  };

  /** The model of {@code reduce}, running {@code command}. */
  static CommandSpec of(ReduceCommand command) {
    CommandSpec spec = OptionSpecs.command(command, "reduce", DESCRIPTION, EXIT_CODE_LIST);
    spec.usageMessage().customSynopsis(SYNOPSIS);
    spec.addOption(
        OptionSpec.builder("--test")
            .paramLabel("CMD")
            .arity("1..*")
            .type(List.class)
            .auxiliaryTypes(String.class)
            .initialValue(List.of())
            .description("The test command and its arguments (see above).")
            .build());
    spec.addOption(
        OptionSpec.builder("--granularity")
            .paramLabel("UNIT")
            .type(Granularity.class)
            .defaultValue(Granularity.DEFAULT)
            .description(
                "What one item is: ${COMPLETION-CANDIDATES}. chars and lines need UTF-8 input;"
                    + " lines keep their terminators. Default: ${DEFAULT-VALUE}.")
            .build());
    ReducePassOptions.addTo(spec);
    spec.addOption(OptionSpecs.jobs());
    addOutputOptions(spec);
    addLimitOptions(spec);
    // No short names here: -h or -V could well be arguments of the test command after --test.
    spec.addOption(OptionSpecs.help("--help"));
    spec.addPositional(
        PositionalParamSpec.builder()
            .index("0..*")
            .arity("0..*")
            .paramLabel("INPUT")
            .type(List.class)
            .auxiliaryTypes(String.class)
            .initialValue(List.of())
            .description("The file to reduce; after --, followed by the test command.")
            .build());
    return spec;
  }

  private static void addOutputOptions(CommandSpec spec) {
    spec.addOption(
        OptionSpecs.path(
            "--output",
            "FILE",
            "Where the result goes. Default: INPUT" + InputAndOutputFiles.OUTPUT_SUFFIX + "."));
    spec.addOption(
        OptionSpecs.flag(
            "--json",
            "<json>",
            "Print one JSON object with the result's figures on standard output, the trajectory"
                + " (runs, milliseconds and size at each improvement) and the test runs per pass"
                + " (runsPerPass) among them."));
    spec.addOption(
        OptionSpecs.path(
            "--plot",
            "FILE.svg",
            "Draw the reduction's trajectory, size against test runs and against time, as an SVG"
                + " picture in FILE.svg."));
  }

  private static void addLimitOptions(CommandSpec spec) {
    spec.addOption(
        OptionSpecs.duration(
            "--timeout",
            "Longest one run of the test command may take; a run that takes longer is killed"
                + " with its child processes and counts as not interesting. "
                + TimeoutOption.SYNTAX
                + " Default: no limit."));
    spec.addOption(
        OptionSpec.builder(MAX_RUNS)
            .paramLabel("N")
            .type(Long.class)
            .description(
                "Stop after N runs of the test command asked by the search, the first check of"
                    + " INPUT included, keeping the best result so far; the repeated checks of"
                    + " INPUT and of the result come on top. Default: no limit.")
            .build());
    // The name of earlier versions, kept so that their command lines still work; not in --help.
    spec.addOption(
        OptionSpec.builder(OLD_MAX_RUNS)
            .paramLabel("N")
            .type(Long.class)
            .hidden(true)
            .description("The earlier name of " + MAX_RUNS + ".")
            .build());
    spec.addOption(
        OptionSpec.builder("--check-runs")
            .paramLabel("N")
            .type(int.class)
            .defaultValue("3")
            .converters(new Converters.PositiveIntConverter())
            .description(
                "How many times the test command runs on INPUT before the reduction, and on the"
                    + " result before it is written as final; it must exit with status 0 every"
                    + " time, or it is flaky (exit code 8). 1 trusts a single answer. Default:"
                    + " ${DEFAULT-VALUE}.")
            .build());
    spec.addOption(
        OptionSpecs.duration(
            "--deadline",
            "Stop this long after the start, keeping the best result so far; a test run under"
                + " way then is finished first. Default: no limit."));
  }

  /**
   * Puts the values {@code spec} parsed into {@code command}'s fields and option objects, where the
   * rest of the command reads them.
   */
  static void read(CommandSpec spec, ReduceCommand command) {
    command.testWords = value(spec, "--test");
    command.granularity = value(spec, "--granularity");
    command.passOptions.read(spec);
    command.jobsOption.jobs = OptionSpecs.<Integer>value(spec, "--jobs");
    command.outputOption.output = value(spec, "--output");
    command.jsonOption.json = isSet(spec, "--json");
    command.plotOption.plot = value(spec, "--plot");
    command.timeoutOption.timeout = value(spec, "--timeout");
    Long maxRuns = value(spec, MAX_RUNS);
    Long oldMaxRuns = value(spec, OLD_MAX_RUNS);
    if (maxRuns != null && oldMaxRuns != null) {
      throw new ParameterException(
          spec.commandLine(), OLD_MAX_RUNS + " is the earlier name of " + MAX_RUNS + "; give one");
    }
    command.maxRuns = maxRuns != null ? maxRuns : oldMaxRuns;
    command.checkRuns = OptionSpecs.<Integer>value(spec, "--check-runs");
    command.deadlineOption.deadline = value(spec, "--deadline");
    command.positionals = spec.positionalParameters().get(0).getValue();
  }
}
