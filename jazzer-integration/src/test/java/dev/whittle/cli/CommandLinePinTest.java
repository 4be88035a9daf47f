package dev.whittle.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.whittle.api.Algorithm;
import dev.whittle.cli.InProcessWhittle.Execution;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Pins what the command line says and understands, whatever builds its model: every command's
 * {@code --help}, the usage errors and their exit codes, each command's options with their names,
 * arities, types, defaults and flags, and the values {@code minimize} and {@code reduce} parse from
 * sets of argument lists, defaults included. The expected text is {@code command-line-pin.txt} next
 * to this class's resources; run with {@code -Dwhittle.pin.write} to write it anew after a
 * deliberate change, and read the diff.
 */
class CommandLinePinTest {
  private static final String RESOURCE = "command-line-pin.txt";

  /**
   * An input file that exists, for the usage errors {@code reduce} finds only after reading INPUT;
   * a relative path, so that the messages that name it are the same on every machine.
   */
  private static final String INPUT = "target/command-line-pin/input.txt";

  /** Commands run whole: help, version and usage errors (none of them runs a target). */
  private static final List<List<String>> EXECUTIONS =
      List.of(
          List.of(),
          List.of("--help"),
          List.of("-h"),
          List.of("--version"),
          List.of("-V"),
          List.of("--bogus"),
          List.of("minimise"),
          List.of("reduce", "--help"),
          List.of("minimize", "--help"),
          List.of("minimize", "-h"),
          List.of("corpus", "--help"),
          List.of("minimize"),
          List.of("minimize", "--cp", "a", "--target", "T"),
          List.of("minimize", "--target", "T", "crash"),
          List.of("minimize", "--cp", "a", "crash"),
          List.of("minimize", "--cp", "a", "--target", "T", "--bogus", "crash"),
          List.of("minimize", "--cp", "a", "--target", "T", "--jobs", "0", "crash"),
          List.of("minimize", "--cp", "a", "--target", "T", "--jobs", "x", "crash"),
          List.of("minimize", "--cp", "a", "--target", "T", "--match", "nope", "crash"),
          List.of("minimize", "--cp", "a", "--target", "T", "--algorithm", "nope", "crash"),
          List.of("minimize", "--cp", "a", "--target", "T", "--timeout", "soon", "crash"),
          List.of("minimize", "--cp", "a", "--target", "T", "--deadline", "-1s", "crash"),
          List.of("minimize", "--cp", "a", "--target", "T", "--fresh-jvm-runs", "x", "crash"),
          List.of("minimize", "--cp", "a", "--target", "T", "--max-runs", "x", "crash"),
          List.of("minimize", "--cp", "a", "--target", "T", "--json=yes", "crash"),
          List.of("minimize", "--cp", "a", "--target", "T", "--plot", "crash"),
          List.of("minimize", "--cp=a", "--cp=b", "--target", "T", "crash"),
          List.of("minimize", "--cp", "a", "--target", "T", "-h", "crash"),
          List.of("minimize", "--cp", "a", "--target", "T", "--", "--crash"),
          List.of("minimize", "-x", "--cp", "a", "--target", "T", "crash"),
          List.of("minimize", "--cp", "a", "--target_class=T", "crash"),
          List.of("corpus", "-cp", "a", "--target", "T", "--output", "o", "c"),
          List.of("reduce"),
          List.of("reduce", "in.txt"),
          List.of("reduce", "--", "false"),
          List.of("reduce", "--test"),
          List.of("reduce", "--test", "false"),
          List.of("reduce", "--test", "false", "missing.txt"),
          List.of("reduce", "--test", "false", "in1", "in2"),
          List.of("reduce", "missing.txt", "--", "false"),
          List.of("reduce", "--", "missing.txt", "false", "--jobs", "0"),
          List.of("reduce", "missing.txt", "--", "false", "--help", "-h"),
          List.of("reduce", "--test", "false", "-h", "--", "missing.txt"),
          List.of("reduce", "--test", "false", "-x", "missing.txt"),
          List.of("reduce", "-h", "missing.txt", "--", "false"),
          List.of("reduce", "--bogus", "missing.txt", "--", "false"),
          List.of("reduce", "-x", "missing.txt", "--", "false"),
          List.of("reduce", "missing.txt", "--", "false", "--", "x"),
          List.of("reduce", "--jobs", "0", "missing.txt", "--", "false"),
          List.of("reduce", "--jobs", "x", "missing.txt", "--", "false"),
          List.of("reduce", "--jobs", "0", "--help"),
          List.of("reduce", "--timeout", "soon", "missing.txt", "--", "false"),
          List.of("reduce", "--timeout", "0", "missing.txt", "--", "false"),
          List.of("reduce", "--deadline", "-1s", "missing.txt", "--", "false"),
          List.of("reduce", "--deadline", "missing.txt", "--", "false"),
          List.of("reduce", "--granularity", "words", "missing.txt", "--", "false"),
          List.of("reduce", "--granularity", "LINES", "missing.txt", "--", "false"),
          List.of("reduce", "--granularity", "missing.txt", "--", "false"),
          List.of("reduce", "--algorithm", "nope", "missing.txt", "--", "false"),
          List.of("reduce", "--level-algorithm", "hdd", "missing.txt", "--", "false"),
          List.of("reduce", "--passes", "nope", "missing.txt", "--", "false"),
          List.of("reduce", "--passes", "all", "--granularity", "lines", "in.txt", "--", "false"),
          List.of("reduce", "--check-runs", "0", "missing.txt", "--", "false"),
          List.of("reduce", "--max-runs", "0", "missing.txt", "--", "false"),
          List.of("reduce", "--max-runs", "x", "missing.txt", "--", "false"),
          List.of("reduce", "--json=yes", "missing.txt", "--", "false"),
          List.of("reduce", "--plot", "--", "missing.txt", "false"),
          List.of("reduce", "--output", "in.txt", "in.txt", "--", "false"),
          List.of("reduce", "--output", "no/such/dir/out", "in.txt", "--", "false"),
          List.of("reduce", "--format", "nope", INPUT, "--", "false"),
          List.of("reduce", "--granularity", "chars", "--format", "json", INPUT, "--", "false"),
          List.of("reduce", "--granularity", "chars", "--algorithm", "hdd", INPUT, "--", "false"),
          List.of("reduce", "--grammar", "no/such.g4", INPUT, "--", "false"),
          List.of("reduce", "--grammar", "x.g4", "--format", "json", INPUT, "--", "false"),
          List.of("reduce", "--learn-from", "dir", INPUT, "--", "false"),
          List.of("reduce", "--test=false", "--test", "true", "missing.txt"));

  /** Argument lists {@code minimize} parses without error; their values are pinned. */
  private static final List<List<String>> MINIMIZE_PARSES =
      List.of(
          List.of("minimize", "--cp", "a:b", "--target", "p.T", "crash"),
          List.of("minimize", "--cp=a", "--target=p.T", "c1", "c2", "dir/"),
          List.of(
              "minimize",
              "--cp",
              "a",
              "--target",
              "p.T#method",
              "--target-arg",
              "x",
              "--target-arg=-y",
              "--algorithm",
              "ddmin",
              "--jobs",
              "2",
              "--match",
              "top-frames-3",
              "--timeout",
              "1.5s",
              "--fresh-loader",
              "--no-value-reduction",
              "--jvm-arg",
              "-Xss512k",
              "--jvm-arg=-Xmx64m",
              "--verify-in-fresh-jvm",
              "--no-fresh-jvm",
              "--fresh-jvm-runs",
              "0",
              "--output",
              "out.bin",
              "--json",
              "--plot",
              "p.svg",
              "--max-runs",
              "100",
              "--deadline",
              "PT2S",
              "crash"),
          List.of("minimize", "crash", "--match", "exception-type", "--timeout", "500"),
          List.of(
              "minimize", "--cp", "a", "--target", "T", "crash", "--timeout", "500", "--", "-x"),
          List.of(
              "minimize",
              "--cp",
              "a",
              "--target",
              "T",
              "--algorithm=one-by-one",
              "--match=dedup-token",
              "--jobs= 3",
              "--max-runs",
              "-5",
              "crash"));

  /**
   * Argument lists {@code reduce} parses without error, in both forms and with every option; their
   * values are pinned, defaults included.
   */
  private static final List<List<String>> REDUCE_PARSES =
      List.of(
          List.of("reduce", "in.txt", "--", "./test.sh"),
          List.of("reduce", "--test", "./test.sh", "in.txt"),
          List.of("reduce", "--test", "./test.sh", "-a", "--b", "in.txt"),
          List.of("reduce", "--test=./test.sh", "--jobs", "2", "in.txt"),
          List.of("reduce", "--test", "cmd", "arg", "--", "in.txt"),
          List.of("reduce", "--", "in.txt", "cmd", "--jobs", "2", "--"),
          List.of("reduce", "in.txt", "cmd", "arg"),
          List.of(
              "reduce",
              "--test",
              "./t.sh",
              "x",
              "--granularity",
              "lines",
              "--passes",
              "blocks,zero-runs",
              "--algorithm",
              "hdd*",
              "--format",
              "json",
              "--grammar",
              "g/J.g4",
              "--level-algorithm",
              "ddmin",
              "--learn-from",
              "valid/",
              "--jobs",
              "2",
              "--output",
              "out.txt",
              "--json",
              "--plot",
              "p.svg",
              "--timeout",
              "1.5s",
              "--max-runs",
              "100",
              "--check-runs",
              "1",
              "--deadline",
              "PT2S",
              "in.txt"),
          List.of(
              "reduce",
              "--granularity=chars",
              "--algorithm=ddmin",
              "--format=auto",
              "--timeout=500",
              "--deadline=2m",
              "--max-runs=-5",
              "--check-runs= 4",
              "--jobs= 3",
              "in.txt",
              "--",
              "cmd"),
          List.of(
              "reduce",
              "--algorithm",
              "gtr",
              "--passes",
              "all",
              "--format",
              "grammar:J.g4",
              "--granularity",
              "bytes",
              "in.txt",
              "--",
              "cmd"),
          List.of("reduce", "--help"),
          List.of("reduce", "--test", "cmd", "--help"));

  @Test
  void theCommandLineSaysAndParsesWhatItPinned() throws IOException {
    String actual = describe();

    if (System.getProperty("whittle.pin.write") != null) {
      Path file = Path.of("src/test/resources/dev/whittle/cli", RESOURCE);
      Files.createDirectories(file.getParent());
      Files.writeString(file, actual, UTF_8);
    }
    assertEquals(expected(), actual);
  }

  private static String expected() throws IOException {
    try (InputStream in = CommandLinePinTest.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        return "(missing resource " + RESOURCE + ")";
      }
      return new String(in.readAllBytes(), UTF_8);
    }
  }

  private static String describe() throws IOException {
    Path input = Path.of(INPUT);
    Files.createDirectories(input.getParent());
    Files.writeString(input, "{\"a\": [1, 2]}\n", UTF_8);
    StringBuilder text = new StringBuilder();
    CommandLine all = WhittleCommand.newCommandLine();
    text.append(model("whittle", all.getCommandSpec()));
    for (Map.Entry<String, CommandLine> sub : all.getSubcommands().entrySet()) {
      text.append(model("whittle " + sub.getKey(), sub.getValue().getCommandSpec()));
    }
    for (List<String> args : EXECUTIONS) {
      Execution run = InProcessWhittle.execute(args.toArray(String[]::new));
      text.append("### execute: whittle ").append(String.join(" ", args)).append('\n');
      text.append(run).append('\n');
    }
    for (List<String> args : MINIMIZE_PARSES) {
      text.append("### parse: whittle ").append(String.join(" ", args)).append('\n');
      text.append(parsed(args));
    }
    for (List<String> args : REDUCE_PARSES) {
      text.append("### parse: whittle ").append(String.join(" ", args)).append('\n');
      text.append(parsed(args));
    }
    return text.toString();
  }

  private static String model(String name, CommandSpec spec) {
    StringBuilder text = new StringBuilder("### model: " + name + '\n');
    text.append("  qualified name: ").append(spec.qualifiedName()).append('\n');
    text.append("  exit codes: success ")
        .append(spec.exitCodeOnSuccess())
        .append(", usage help ")
        .append(spec.exitCodeOnUsageHelp())
        .append(", version help ")
        .append(spec.exitCodeOnVersionHelp())
        .append(", invalid input ")
        .append(spec.exitCodeOnInvalidInput())
        .append(", execution exception ")
        .append(spec.exitCodeOnExecutionException())
        .append('\n');
    CommandLine.Model.ParserSpec parser = spec.parser();
    text.append("  parser: separator '")
        .append(parser.separator())
        .append("', unmatched allowed ")
        .append(parser.unmatchedArgumentsAllowed())
        .append(", stop at positional ")
        .append(parser.stopAtPositional())
        .append(", stop at unmatched ")
        .append(parser.stopAtUnmatched())
        .append(", clustered short options ")
        .append(parser.posixClusteredShortOptionsAllowed())
        .append(", abbreviated options ")
        .append(parser.abbreviatedOptionsAllowed())
        .append(", overwritten options ")
        .append(parser.overwrittenOptionsAllowed())
        .append(", @files ")
        .append(parser.expandAtFiles())
        .append(", end of options '")
        .append(parser.endOfOptionsDelimiter())
        .append("', unmatched options as positionals ")
        .append(parser.unmatchedOptionsArePositionalParams())
        .append(", case-insensitive enums ")
        .append(parser.caseInsensitiveEnumValuesAllowed())
        .append(", trim quotes ")
        .append(parser.trimQuotes())
        .append('\n');
    text.append("  usage: width ")
        .append(spec.usageMessage().width())
        .append(", auto width ")
        .append(spec.usageMessage().autoWidth())
        .append(", sort options ")
        .append(spec.usageMessage().sortOptions())
        .append(", abbreviate synopsis ")
        .append(spec.usageMessage().abbreviateSynopsis())
        .append(", hidden ")
        .append(spec.usageMessage().hidden())
        .append('\n');
    for (OptionSpec option : spec.options()) {
      text.append("  option ")
          .append(Arrays.toString(option.names()))
          .append(argument(option))
          .append(option.usageHelp() ? " usageHelp" : "")
          .append(option.versionHelp() ? " versionHelp" : "")
          .append(option.negatable() ? " negatable" : "")
          .append('\n');
    }
    for (PositionalParamSpec positional : spec.positionalParameters()) {
      text.append("  positional ").append(positional.index()).append(argument(positional));
      text.append('\n');
    }
    return text.toString();
  }

  private static String argument(ArgSpec arg) {
    return " label="
        + arg.paramLabel()
        + " arity="
        + arg.arity()
        + " required="
        + arg.required()
        + " type="
        + arg.type().getName()
        + " aux="
        + Arrays.stream(arg.auxiliaryTypes()).map(Class::getName).collect(Collectors.toList())
        + " default="
        + arg.defaultValue()
        + " split="
        + arg.splitRegex()
        + " hidden="
        + arg.hidden()
        + " interactive="
        + arg.interactive()
        + " candidates="
        + (arg.completionCandidates() == null
            ? "none"
            : String.join(",", (Iterable<String>) arg.completionCandidates()));
  }

  /**
   * The values of every option and parameter of the subcommand {@code args} name first after
   * parsing {@code args}.
   */
  private static String parsed(List<String> args) {
    CommandLine commandLine = WhittleCommand.newCommandLine(args.toArray(String[]::new));
    StringBuilder text = new StringBuilder();
    try {
      commandLine.parseArgs(args.toArray(String[]::new));
    } catch (CommandLine.ParameterException e) {
      return "  error: " + e.getMessage() + '\n';
    }
    CommandSpec spec = commandLine.getSubcommands().get(args.get(0)).getCommandSpec();
    for (OptionSpec option : spec.options()) {
      text.append("  ")
          .append(option.longestName())
          .append(" = ")
          .append(render(option.getValue()))
          .append('\n');
    }
    for (PositionalParamSpec positional : spec.positionalParameters()) {
      text.append("  ")
          .append(positional.paramLabel())
          .append(" = ")
          .append(render(positional.getValue()))
          .append('\n');
    }
    return text.toString();
  }

  private static String render(Object value) {
    if (value instanceof Algorithm algorithm) {
      return "algorithm " + algorithm.name();
    }
    if (value instanceof Collection<?> values) {
      return values.stream()
          .map(CommandLinePinTest::render)
          .collect(Collectors.joining(", ", "[", "]"));
    }
    return value == null ? "null" : value.getClass().getSimpleName() + " " + value;
  }
}
