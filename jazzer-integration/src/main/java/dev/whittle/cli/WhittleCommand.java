package dev.whittle.cli;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.jazzer.api.Phases;
import dev.whittle.jazzer.process.BoundedExit;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apiguardian.api.API;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;

/** {@code whittle}: the command line of the Whittle test-input reducer. */
@API(status = INTERNAL, since = "0.1")
@Command(
    name = "whittle",
    mixinStandardHelpOptions = true,
    versionProvider = Version.class,
    description = {
      "Reduces a test input to a small one that still makes a test command succeed, or a"
          + " Jazzer crash file to a small one that still crashes the fuzz target.",
      "Run 'whittle reduce --help', 'whittle minimize --help' or 'whittle corpus --help' for"
          + " how.",
    })
public final class WhittleCommand implements Runnable {
  private static final String PREFIX = "whittle: ";

  @Spec private CommandSpec spec;

  private WhittleCommand() {}

  public static void main(String[] args) {
    Phases.startMain();
    // Taken before any target code runs: a target may close or replace System.out and System.err.
    ProcessStreams streams = ProcessStreams.take();
    if (isVersionRequest(args)) {
      // What picocli prints for --version, without building any command model.
      streams.out().println(new Version().getVersion()[0]);
      streams.out().flush();
      System.exit(ExitCodes.OK);
    }
    int exitCode;
    try {
      CommandLine commandLine = newCommandLine(args);
      commandLine.setOut(streams.out());
      commandLine.setErr(streams.err());
      Phases.end("command model (picocli)");
      exitCode = commandLine.execute(args);
    } catch (OutOfMemoryError e) {
      // Outside what a subcommand reports itself; by now its data is unreachable.
      streams.err().println(PREFIX + "out of memory: " + e.getMessage() + "; " + HEAP_ADVICE);
      exitCode = ExitCodes.OUT_OF_MEMORY;
    }
    Phases.end("report and rest");
    Phases.print(streams.errStream());
    streams.flush();
    // Target code may have run in this JVM: its shutdown hooks must not keep the command alive.
    BoundedExit.exit(exitCode);
  }

  private static final String HEAP_ADVICE =
      "give Whittle a larger heap, for example java -Xmx4g -jar whittle.jar ...";

  /** The command line with every subcommand and Whittle's error handling. */
  static CommandLine newCommandLine() {
    return newCommandLine(new String[0]);
  }

  /**
   * The command line for {@code args}, with Whittle's error handling, ready to {@code execute}.
   * Picocli builds a command's model from its annotations by reflection, which takes much of the
   * start-up time, so only what {@code args} can reach is built: the one subcommand they name
   * first, nothing for a lone {@code --version}, and all of them otherwise ({@code --help} lists
   * them, a mistyped name gets suggestions, and no subcommand names them in its error).
   */
  static CommandLine newCommandLine(String[] args) {
    CommandLine commandLine = new CommandLine(new WhittleCommand());
    for (String name : subcommandsFor(args)) {
      commandLine.addSubcommand(name, newSubcommand(name));
    }
    commandLine.setParameterExceptionHandler(WhittleCommand::handleUsageError);
    commandLine.setExecutionExceptionHandler(WhittleCommand::handleFailure);
    return commandLine;
  }

  /** The subcommands' names, in the order {@code --help} lists them. */
  static final List<String> SUBCOMMANDS = List.of("reduce", "minimize", "corpus");

  private static List<String> subcommandsFor(String[] args) {
    if (args.length > 0 && SUBCOMMANDS.contains(args[0])) {
      return List.of(args[0]);
    }
    return isVersionRequest(args) ? List.of() : SUBCOMMANDS;
  }

  /** {@code whittle --version} or {@code whittle -V} alone. */
  private static boolean isVersionRequest(String[] args) {
    return args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"));
  }

  private static Object newSubcommand(String name) {
    return switch (name) {
      case "reduce" -> new ReduceCommand();
      case "minimize" -> new MinimizeCommand();
      case "corpus" -> new CorpusCommand();
      default -> throw new IllegalArgumentException("no such subcommand: " + name);
    };
  }

  /** {@code whittle} alone: there is nothing to do without a subcommand. */
  @Override
  public void run() {
    throw new ParameterException(
        spec.commandLine(),
        "missing subcommand: try "
            + spec.subcommands().keySet().stream()
                .map(name -> "'whittle " + name + "'")
                .collect(Collectors.joining(", ")));
  }

  private static int handleUsageError(ParameterException e, String[] args) {
    CommandLine commandLine = e.getCommandLine();
    PrintWriter err = commandLine.getErr();
    String command = commandLine.getCommandSpec().name();
    Optional<String> jazzerSpelling = JazzerSpellings.unknownOption(command, args);
    if (jazzerSpelling.isPresent()) {
      err.println(PREFIX + jazzerSpelling.get());
    } else {
      err.println(PREFIX + e.getMessage());
      UnmatchedArgumentException.printSuggestions(e, err);
    }
    err.println(
        "Try '" + commandLine.getCommandSpec().qualifiedName() + " --help' for more information.");
    err.flush();
    return commandLine.getCommandSpec().exitCodeOnInvalidInput();
  }

  private static int handleFailure(Exception e, CommandLine commandLine, ParseResult parseResult) {
    PrintWriter err = commandLine.getErr();
    if (e instanceof CliException failure) {
      err.println(PREFIX + failure.getMessage());
      err.flush();
      return failure.exitCode();
    }
    // Anything else is a bug in Whittle: show where.
    err.println(PREFIX + "unexpected error: " + e);
    e.printStackTrace(err);
    err.flush();
    return ExitCodes.FAILURE;
  }
}
