package dev.whittle.cli;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Jazzer's names for the options {@code minimize} and {@code corpus} share with its standalone
 * driver: someone who ran Jazzer types them, and picocli would only say that {@code --target} is
 * missing. They are not accepted as aliases, so that each option has one name in the help, the
 * pinned models and the docs; the usage error says how Whittle spells them instead.
 */
final class JazzerSpellings {
  private JazzerSpellings() {}

  /** The commands whose arguments are read for Jazzer's names; reduce's belong to its test. */
  static final List<String> COMMANDS = List.of("minimize", "corpus");

  /** Jazzer's option names, without dashes, and Whittle's. */
  private static final Map<String, String> WHITTLE_NAMES =
      Map.of(
          "target_class", "--target",
          "target_args", "--target-arg (once per argument)",
          "cp", "--cp",
          "instrumentation_includes", "--include (once per pattern)",
          "instrumentation_excludes", "--exclude (once per pattern)");

  /**
   * The usage error for the first argument of {@code command} (before a {@code --}) that is one of
   * Jazzer's option names with one or two dashes and that Whittle spells otherwise; empty if none
   * is.
   */
  static Optional<String> unknownOption(String command, String[] args) {
    if (!COMMANDS.contains(command)) {
      return Optional.empty();
    }
    boolean inCommand = false;
    for (String arg : args) {
      if (arg.equals("--")) {
        break;
      }
      if (!inCommand) {
        inCommand = arg.equals(command);
        continue;
      }
      if (!arg.startsWith("-")) {
        continue;
      }
      String option = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
      String name = option.substring(option.startsWith("--") ? 2 : 1);
      String whittle = WHITTLE_NAMES.get(name);
      if (whittle != null && !whittle.startsWith(option + " ") && !whittle.equals(option)) {
        return Optional.of("unknown option " + arg + "; Whittle spells it " + whittle);
      }
    }
    return Optional.empty();
  }
}
