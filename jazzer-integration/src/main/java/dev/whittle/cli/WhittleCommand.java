package dev.whittle.cli;

import java.io.PrintWriter;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/** {@code whittle}: the command line of the Whittle test-input reducer. */
@Command(
    name = "whittle",
    mixinStandardHelpOptions = true,
    versionProvider = Version.class,
    subcommands = {ReduceCommand.class, MinimizeCommand.class, CorpusCommand.class},
    description = {
      "Reduces a test input to a small one that still makes a test command succeed, or a"
          + " Jazzer crash file to a small one that still crashes the fuzz target.",
      "Run 'whittle reduce --help', 'whittle minimize --help' or 'whittle corpus --help' for"
          + " how.",
    })
public final class WhittleCommand implements Runnable {
  private static final String PREFIX = "whittle: ";

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    System.exit(newCommandLine().execute(args));
  }

  /** The command line with Whittle's error handling, ready to {@code execute}. */
  static CommandLine newCommandLine() {
    CommandLine commandLine = new CommandLine(new WhittleCommand());
    commandLine.setParameterExceptionHandler(WhittleCommand::handleUsageError);
    commandLine.setExecutionExceptionHandler(WhittleCommand::handleFailure);
    return commandLine;
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
    err.println(PREFIX + e.getMessage());
    UnmatchedArgumentException.printSuggestions(e, err);
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
