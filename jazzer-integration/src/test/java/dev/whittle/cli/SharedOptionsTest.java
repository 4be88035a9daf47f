package dev.whittle.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.cli.InProcessWhittle.Execution;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The options that the commands declare once, as mixins, still say in each command's help what they
 * mean there: the texts come from each command's resource bundle, and a missing one would leave the
 * option without a description.
 */
class SharedOptionsTest {
  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "reduce   | --timeout=DURATION | Longest one run of the test command may take",
        "reduce   | --timeout=DURATION | Default: no limit.",
        "reduce   | --output=FILE      | Where the result goes. Default: INPUT.reduced.",
        "reduce   | --json             | Print one JSON object with the result's figures",
        "minimize | --timeout=DURATION | Longest one run of the target may take",
        "minimize | --timeout=DURATION | Default: 10s.",
        "minimize | --output=FILE      | Where the minimized bytes go instead of",
        "minimize | --json             | Print one JSON object with an entry per crash file",
        "minimize | --cp=CLASSPATH     | The target is loaded from them first",
        "corpus   | --cp=CLASSPATH     | their classes get coverage probes",
        "reduce   | --deadline=DURATION | a test run under way then is finished first",
        "minimize | --deadline=DURATION | Stop minimizing a crash file this long after its start",
        "minimize | --no-value-reduction | Only delete bytes. By default the passes take",
        "corpus   | --no-value-reduction | Shrink by deleting bytes only, without the passes",
      })
  void eachCommandDescribesTheSharedOptionInItsOwnWords(
      String command, String option, String text) {
    Execution run = InProcessWhittle.execute(command, "--help");

    assertEquals(0, run.exitCode(), run::toString);
    String help = run.out().replaceAll("\\s+", " ");
    int at = help.lastIndexOf(option + " "); // the option's row, after the synopsis
    assertTrue(at >= 0, run::toString);
    assertTrue(
        help.substring(at, Math.min(help.length(), at + 400)).contains(text),
        () -> option + " should say '" + text + "':\n" + run.out());
  }

  @ParameterizedTest
  @ValueSource(strings = {"reduce", "minimize", "corpus"})
  void everyOptionOfEveryCommandHasADescription(String command) {
    CommandSpec spec =
        WhittleCommand.newCommandLine().getSubcommands().get(command).getCommandSpec();

    for (OptionSpec option : spec.options()) {
      String description = String.join(" ", option.description()).trim();
      assertFalse(description.isEmpty(), () -> command + " " + option.longestName());
    }
  }
}
