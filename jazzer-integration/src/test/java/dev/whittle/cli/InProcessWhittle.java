package dev.whittle.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** Runs the command line in-process and captures what it prints. */
final class InProcessWhittle {
  private InProcessWhittle() {}

  static Execution execute(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine commandLine = WhittleCommand.newCommandLine();
    commandLine.setOut(new PrintWriter(out, true));
    commandLine.setErr(new PrintWriter(err, true));
    int exitCode = commandLine.execute(args);
    return new Execution(exitCode, out.toString(), err.toString());
  }

  /**
   * Parses {@code options} as the subcommand {@code name}'s, as {@code whittle name options...}
   * does before running it, and returns that subcommand's model with the values parsed.
   */
  static CommandSpec parse(String name, String... options) {
    String[] args = new String[options.length + 1];
    args[0] = name;
    System.arraycopy(options, 0, args, 1, options.length);
    CommandLine commandLine = WhittleCommand.newCommandLine(args);
    commandLine.parseArgs(args);
    return commandLine.getSubcommands().get(name).getCommandSpec();
  }

  record Execution(int exitCode, String out, String err) {
    @Override
    public String toString() {
      return "exit " + exitCode + "\n--- out:\n" + out + "--- err:\n" + err;
    }
  }
}
