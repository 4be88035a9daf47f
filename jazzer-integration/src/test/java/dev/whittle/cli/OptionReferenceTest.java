package dev.whittle.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The option reference, {@code docs/reference.md}, is the command model itself: for each command,
 * the block between {@code <!-- BEGIN GENERATED: whittle COMMAND -->} and {@code <!-- END GENERATED
 * -->} is a table of every option and parameter the model holds (names, value, default, the
 * description as {@code --help} renders it), written by this test. An option the reference misses,
 * or one it describes differently from {@code --help}, fails here; run with {@code
 * -Dwhittle.reference.write} to write the blocks anew after a deliberate change, and read the diff.
 */
class OptionReferenceTest {
  static final Path PAGE = Path.of("..", "docs", "reference.md");

  private static final Pattern BLOCK =
      Pattern.compile(
          "(<!-- BEGIN GENERATED: ([^>]+?) -->\\n)(.*?)(<!-- END GENERATED -->)", Pattern.DOTALL);

  @Test
  void theReferenceHoldsEveryOptionOfEveryCommandAsTheModelDescribesIt() throws IOException {
    Map<String, CommandSpec> commands =
        WhittleCommand.newCommandLine().getSubcommands().entrySet().stream()
            .collect(
                Collectors.toMap(e -> "whittle " + e.getKey(), e -> e.getValue().getCommandSpec()));
    String page = Files.readString(PAGE, UTF_8);
    StringBuilder written = new StringBuilder();
    Matcher block = BLOCK.matcher(page);
    int seen = 0;
    while (block.find()) {
      CommandSpec spec = commands.get(block.group(2));
      String table = spec == null ? block.group(3) : table(spec);
      if (spec != null) {
        seen++;
        if (System.getProperty("whittle.reference.write") == null) {
          assertEquals(
              table,
              block.group(3),
              () ->
                  PAGE
                      + "'s table of "
                      + block.group(2)
                      + " is not the command's model; rerun with -Dwhittle.reference.write");
        }
      }
      block.appendReplacement(
          written, Matcher.quoteReplacement(block.group(1) + table + block.group(4)));
    }
    block.appendTail(written);
    if (System.getProperty("whittle.reference.write") != null) {
      Files.writeString(PAGE, written.toString(), UTF_8);
    }
    assertEquals(
        commands.size(), seen, () -> PAGE + " lacks a block of some of " + commands.keySet());
  }

  @Test
  void aTableRowNamesEveryNameOfAnOption() {
    CommandSpec minimize =
        WhittleCommand.newCommandLine().getSubcommands().get("minimize").getCommandSpec();
    String table = table(minimize);
    for (OptionSpec option : minimize.options()) {
      for (String name : option.names()) {
        assertTrue(table.contains("`" + name), () -> name + " missing from\n" + table);
      }
    }
  }

  /** The markdown table of one command: its options in --help's order, then its parameters. */
  static String table(CommandSpec spec) {
    StringBuilder table = new StringBuilder("| Option | Default | What it does |\n|---|---|---|\n");
    for (OptionSpec option : spec.options()) {
      String names =
          List.of(option.names()).stream()
              .map(name -> "`" + name + value(option) + "`")
              .collect(Collectors.joining(", "));
      table.append(row(names, option));
    }
    for (PositionalParamSpec parameter : spec.positionalParameters()) {
      table.append(row("`" + parameter.paramLabel() + "`", parameter));
    }
    return table.toString();
  }

  private static String row(String names, ArgSpec arg) {
    String defaultValue = arg.defaultValue() == null ? "" : "`" + arg.defaultValue() + "`";
    String description =
        String.join(" ", arg.renderedDescription()).replaceAll("\\s+", " ").strip();
    return "| " + names + " | " + defaultValue + " | " + description.replace("|", "\\|") + " |\n";
  }

  private static String value(OptionSpec option) {
    return option.typeInfo().isBoolean() || option.arity().max() == 0
        ? ""
        : "=" + option.paramLabel();
  }
}
