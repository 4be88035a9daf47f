package dev.whittle.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.whittle.cli.InProcessWhittle.Execution;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The options that {@code reduce} and {@code minimize} declare once, as mixins, still say in each
 * command's help what they mean there: the texts come from each command's resource bundle, and a
 * missing one would leave the option without a description.
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
        "minimize | --timeout=DURATION | Longest one call of the target may take",
        "minimize | --timeout=DURATION | Default: 10s.",
        "minimize | --output=FILE      | Where the minimized bytes go instead of",
        "minimize | --json             | Print one JSON object with an entry per crash file",
      })
  void eachCommandDescribesTheSharedOptionInItsOwnWords(
      String command, String option, String text) {
    Execution run = InProcessWhittle.execute(command, "--help");

    assertEquals(0, run.exitCode(), run::toString);
    String help = run.out().replaceAll("\\s+", " ");
    int at = help.indexOf(option + " ");
    assertTrue(at >= 0, run::toString);
    assertTrue(
        help.substring(at, Math.min(help.length(), at + 400)).contains(text),
        () -> option + " should say '" + text + "':\n" + run.out());
  }
}
