package dev.whittle.cli;

import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * The options the hand-built command models ({@link MinimizeCommandSpec}, {@link
 * ReduceCommandSpec}) declare alike, as picocli's annotations declared them, and reading their
 * values back after parsing.
 */
final class OptionSpecs {
  private OptionSpecs() {}

  /**
   * A hand-built command's model over {@code command}: its name, its description and exit codes,
   * options listed in the order they are added, the usage message as wide as the terminal.
   */
  static CommandSpec command(
      Object command, String name, String[] description, String[] exitCodeList) {
    CommandSpec spec = CommandSpec.wrapWithoutInspection(command);
    spec.name(name);
    UsageMessageSpec usage = spec.usageMessage();
    usage.sortOptions(false);
    usage.autoWidth(true);
    usage.description(description);
    usage.exitCodeListHeading("%nExit codes:%n");
    usage.exitCodeList(UsageMessageSpec.keyValuesMap(exitCodeList));
    return spec;
  }

  /** A boolean option without a value, false unless given. */
  static OptionSpec flag(String name, String label, String description) {
    return OptionSpec.builder(name)
        .paramLabel(label)
        .type(boolean.class)
        .initialValue(false)
        .description(description)
        .build();
  }

  /** The option that shows the command's help, under {@code names}. */
  static OptionSpec help(String... names) {
    return OptionSpec.builder(names)
        .usageHelp(true)
        .type(boolean.class)
        .initialValue(false)
        .paramLabel("<help>")
        .description(HelpOption.DESCRIPTION)
        .build();
  }

  /** {@code --jobs N}, with {@link JobsOption}'s default and help text. */
  static OptionSpec jobs() {
    return OptionSpec.builder("--jobs")
        .paramLabel("N")
        .type(int.class)
        .defaultValue("1")
        .converters(new Converters.PositiveIntConverter())
        .description(JobsOption.DESCRIPTION)
        .build();
  }

  /** An option whose value is a positive duration ({@code --timeout}, {@code --deadline}). */
  static OptionSpec duration(String name, String description) {
    return OptionSpec.builder(name)
        .paramLabel("DURATION")
        .type(Duration.class)
        .converters(new Converters.DurationConverter())
        .description(description)
        .build();
  }

  /** An option whose value is a path, null unless given. */
  static OptionSpec path(String name, String label, String description) {
    return OptionSpec.builder(name)
        .paramLabel(label)
        .type(Path.class)
        .description(description)
        .build();
  }

  /** The value {@code spec} parsed for {@code option}, or its default. */
  static <T> T value(CommandSpec spec, String option) {
    return spec.findOption(option).getValue();
  }

  /** Whether the flag {@code option} was given. */
  static boolean isSet(CommandSpec spec, String option) {
    return spec.findOption(option).<Boolean>getValue();
  }
}
