package dev.whittle.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Member;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * Every option has one definition: the field or method its annotation is on. An option that several
 * commands have comes from the same member of a shared mixin in each of them, so that its label,
 * type, converter and default cannot drift apart between commands; only its text may differ,
 * through each command's resource bundle. The check walks every command's model, so it also fails
 * for an option a model declares without an annotated member.
 */
class OneDefinitionPerOptionTest {
  private static final String PACKAGE = WhittleCommand.class.getPackageName() + ".";

  /**
   * The names that stand for different options in different commands, each with the members that
   * define them: reduce's {@code --algorithm} also takes the tree algorithms, corpus's {@code
   * --output} is a directory to fill, and {@code whittle}'s help is picocli's standard one while
   * reduce's has no {@code -h}, which could be an argument of its test command.
   */
  private static final Map<String, Set<String>> DIFFERENT_OPTIONS_OF_ONE_NAME =
      Map.of(
          "--algorithm",
          Set.of("AlgorithmOption.algorithm", "ReducePassOptions.algorithm"),
          "--output",
          Set.of("OutputOption.output", "CorpusCommand.output"),
          "-h",
          Set.of("picocli.CommandLine$AutoHelpMixin.helpRequested", "HelpOption.help"),
          "--help",
          Set.of(
              "picocli.CommandLine$AutoHelpMixin.helpRequested",
              "HelpOption.help",
              "ReduceCommand.help"));

  @Test
  void everyOptionOfEveryCommandHasOneDefinition() {
    CommandLine commandLine = WhittleCommand.newCommandLine();

    assertEquals(Set.copyOf(WhittleCommand.SUBCOMMANDS), commandLine.getSubcommands().keySet());
    assertEquals(List.of(), secondDefinitions(commandLine));
  }

  @Test
  void aSecondDefinitionOfAnOptionIsFound() {
    CommandLine commandLine = WhittleCommand.newCommandLine();
    commandLine.addSubcommand("planted", new PlantedCommand());

    assertEquals(
        List.of(
            "--algorithm: AlgorithmOption.algorithm, OneDefinitionPerOptionTest$PlantedCommand"
                + ".algorithm, ReducePassOptions.algorithm",
            "--jobs: JobsOption.jobs, OneDefinitionPerOptionTest$PlantedCommand.jobs"),
        secondDefinitions(commandLine));
  }

  /**
   * A command that reuses one shared option, as it should, and defines two of its own under names
   * that already have their definitions.
   */
  @Command(name = "planted")
  static final class PlantedCommand {
    @Mixin TimeoutOption timeoutOption = new TimeoutOption();

    @Option(names = "--jobs", paramLabel = "N", description = "Runs at once.")
    int jobs;

    @Option(names = "--algorithm", paramLabel = "NAME", description = "An algorithm.")
    String algorithm;
  }

  /**
   * Each option name of {@code commandLine} and its subcommands that more members define than it
   * should, with all of them: one member for every name but those of {@link
   * #DIFFERENT_OPTIONS_OF_ONE_NAME}, which have exactly theirs.
   */
  private static List<String> secondDefinitions(CommandLine commandLine) {
    Map<String, Set<String>> definitions = new TreeMap<>();
    collect(commandLine, definitions);
    List<String> problems = new ArrayList<>();
    definitions.forEach(
        (name, members) -> {
          Set<String> allowed = DIFFERENT_OPTIONS_OF_ONE_NAME.getOrDefault(name, Set.of());
          if (members.size() > 1 && !members.equals(allowed)) {
            problems.add(name + ": " + String.join(", ", members));
          }
        });
    return problems;
  }

  private static void collect(CommandLine commandLine, Map<String, Set<String>> definitions) {
    for (OptionSpec option : commandLine.getCommandSpec().options()) {
      String member = definingMember(commandLine, option);
      for (String name : option.names()) {
        definitions.computeIfAbsent(name, key -> new TreeSet<>()).add(member);
      }
    }
    for (CommandLine subcommand : commandLine.getSubcommands().values()) {
      collect(subcommand, definitions);
    }
  }

  /** The field or method {@code option}'s annotation is on, as {@code Class.member}. */
  private static String definingMember(CommandLine commandLine, OptionSpec option) {
    if (!(option.userObject() instanceof Member member)) {
      return "(no annotated member: "
          + commandLine.getCommandSpec().qualifiedName()
          + " "
          + option.longestName()
          + ")";
    }
    String type = member.getDeclaringClass().getName();
    if (type.startsWith(PACKAGE)) {
      type = type.substring(PACKAGE.length());
    }
    return type + "." + member.getName();
  }
}
