package dev.whittle.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.whittle.api.Algorithms;
import dev.whittle.api.Pass;
import dev.whittle.cli.InProcessWhittle.Execution;
import dev.whittle.engine.tree.lenient.LenientFormats;
import dev.whittle.engine.tree.reduce.TreePasses;
import dev.whittle.jazzer.passes.BytePass;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Each command's page in docs/ ({@code docs/reduce.md}, {@code docs/minimize.md}, {@code
 * docs/corpus.md}) and its {@code --help} say the same: every option {@code --help} prints is in
 * the page's option table, the values an option lists (pass, algorithm, format, match-mode names)
 * are the ones the code accepts in both, the exit codes of the help are on the page and in {@link
 * ExitCodes}, and {@code whittle} alone names every command. A new option, pass or exit code that
 * only one of them learns about fails here.
 */
class HelpAndDocsTest {
  /** Surefire runs in the module's directory; docs/ is the repository's. */
  private static final Path DOCS = Path.of("..", "docs");

  /** An option's own line in {@code --help}: {@code " -h, --help"}, {@code " --cp=CLASSPATH"}. */
  private static final Pattern HELP_OPTION_LINE =
      Pattern.compile("(?m)^ {2,6}(?:-\\w, )?(--(?:\\[no-\\])?[a-z][\\w-]*)");

  /**
   * Backticked words in a page's table row that name a value: {@code `line-runs`}, {@code `hdd*`}.
   */
  private static final Pattern VALUE_WORD = Pattern.compile("`([a-z][a-z0-9*-]*)`");

  private static final List<String> NUMBER_WORDS =
      List.of(
          "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve");

  static Stream<String> commands() {
    return WhittleCommand.newCommandLine().getSubcommands().keySet().stream();
  }

  @ParameterizedTest(name = "whittle {0}")
  @MethodSource("commands")
  void everyOptionOfTheHelpHasARowOnTheCommandsPage(String command) throws IOException {
    List<String> inHelp = optionsInHelp(command);
    assertFalse(inHelp.isEmpty(), () -> "whittle " + command + " --help names no option");
    for (String option : inHelp) {
      // pageRow fails naming the page and the option when the table has no row for it.
      assertTrue(mentions(pageRow(command, option), option), option);
    }
  }

  @ParameterizedTest(name = "whittle {0}")
  @MethodSource("commands")
  void everyOptionOfTheCommandIsInItsHelp(String command) {
    List<String> inHelp = optionsInHelp(command);
    for (OptionSpec option : options(command)) {
      assertTrue(
          inHelp.contains(option.longestName()),
          () -> "whittle " + command + " --help does not list " + option.longestName());
    }
  }

  @ParameterizedTest(name = "whittle {0}")
  @MethodSource("commands")
  void everyValueAnOptionAcceptsIsListedInItsHelpAndItsPageRow(String command) throws IOException {
    for (OptionSpec option : options(command)) {
      if (option.completionCandidates() == null) {
        continue;
      }
      Set<String> candidates = new LinkedHashSet<>();
      option.completionCandidates().forEach(candidates::add);
      String help = help(option);
      String row = pageRow(command, option.longestName());
      for (String value : candidates) {
        assertTrue(
            help.contains(value),
            () -> command + " --help on " + option.longestName() + " does not list " + value);
        assertTrue(
            row.contains("`" + value + "`"),
            () -> pageName(command) + "'s row of " + option.longestName() + " lacks " + value);
      }
      Set<String> extra = new TreeSet<>(backtickedValues(row));
      extra.removeAll(candidates);
      extra.remove(BytePass.ALL);
      assertEquals(
          Set.of(),
          extra,
          () ->
              pageName(command)
                  + "'s row of "
                  + option.longestName()
                  + " lists values the option does not accept");
    }
  }

  @Test
  void passesHelpAndPageNameEveryPassAndWhatAllRuns() throws IOException {
    OptionSpec passes = option("reduce", "--passes");
    String help = help(passes);
    String row = pageRow("reduce", "--passes");
    List<String> all = BytePass.parseList(BytePass.ALL).stream().map(Object::toString).toList();
    for (BytePass pass : BytePass.values()) {
      assertTrue(help.contains(pass.toString()), () -> "--help on --passes lacks " + pass);
      assertTrue(
          row.contains("`" + pass + "`"), () -> "docs/reduce.md's --passes row lacks " + pass);
    }
    assertTrue(
        help.contains("all: " + String.join(", ", all)),
        () -> "--help on --passes should say what all runs (" + all + "):\n" + help);
    for (String text : List.of(help, row)) {
      for (String count : countsOfAll(text)) {
        assertEquals(
            NUMBER_WORDS.get(all.size()),
            count,
            () -> "all is " + all.size() + " passes, but a text says 'the " + count + "'");
      }
    }
    int notInAll = row.indexOf("not in `all`");
    assertTrue(
        notInAll >= 0, () -> "docs/reduce.md's --passes row should say which are not in all");
    for (BytePass pass : BytePass.values()) {
      int at = row.indexOf("`" + pass + "`");
      boolean beforeTheOthers = at < notInAll;
      assertEquals(
          all.contains(pass.toString()),
          beforeTheOthers,
          () ->
              "docs/reduce.md's --passes row puts "
                  + pass
                  + " on the wrong side of 'not in `all`'");
    }
  }

  @Test
  void helpAndPageNameTheDefaultTreePassesInTheirOrder() throws IOException {
    List<String> passes =
        TreePasses.forText(
                LenientFormats.named("json").orElseThrow(), Algorithms.defaultAlgorithm())
            .stream()
            .map(Pass::name)
            .toList();

    String help = help(option("reduce", "--algorithm"));
    Matcher listed = Pattern.compile("default tree passes \\(([^)]*)\\)").matcher(help);
    assertTrue(listed.find(), () -> "--help on --algorithm names no default tree passes: " + help);
    assertEquals(passes, Arrays.asList(listed.group(1).split(",\\s*")), "--help on --algorithm");

    String bullet =
        page("reduce")
            .lines()
            .dropWhile(line -> !line.startsWith("- By default (no tree algorithm named)"))
            .takeWhile(line -> !line.isBlank())
            .collect(Collectors.joining(" "));
    List<String> named =
        backtickedValues(bullet).stream().filter(TreePasses.NAMES::contains).distinct().toList();
    assertEquals(passes, named, "docs/reduce.md's 'By default (no tree algorithm named)' bullet");
  }

  @Test
  void noValueReductionSaysWhatItTurnsOffForEveryKindOfTarget() throws IOException {
    for (String command : List.of("minimize", "corpus")) {
      String help = help(option(command, "--no-value-reduction"));
      String row = pageRow(command, "--no-value-reduction");
      for (String kind : List.of("FuzzedDataProvider", "byte[]")) {
        assertTrue(
            help.contains(kind),
            () ->
                command + " --help on --no-value-reduction does not speak of " + kind + " targets");
        assertTrue(
            row.contains(kind),
            () -> pageName(command) + "'s --no-value-reduction row does not speak of " + kind);
      }
    }
  }

  @ParameterizedTest(name = "whittle {0}")
  @MethodSource("commands")
  void exitCodesOfTheHelpAreExitCodesAndOnThePage(String command) throws IOException {
    Set<Integer> known = exitCodeConstants();
    Set<Integer> listed =
        spec(command).usageMessage().exitCodeList().keySet().stream()
            .map(key -> Integer.valueOf(key.trim()))
            .collect(Collectors.toCollection(TreeSet::new));
    assertTrue(known.containsAll(listed), () -> command + " --help lists " + listed);
    // Every command can be stopped with Ctrl-C, and reads its arguments, and can fail.
    for (int always :
        List.of(ExitCodes.OK, ExitCodes.FAILURE, ExitCodes.USAGE, ExitCodes.INTERRUPTED)) {
      assertTrue(
          listed.contains(always), () -> command + " --help lacks exit code " + always + listed);
    }
    Set<Integer> onPage = numbersInExitCodeParagraphs(page(command));
    for (int code : listed) {
      if (code != ExitCodes.OK && code != ExitCodes.FAILURE) {
        assertTrue(
            onPage.contains(code), () -> pageName(command) + " does not give exit code " + code);
      }
    }
  }

  @Test
  void whittleAloneNamesEveryCommand() {
    Execution run = InProcessWhittle.execute();
    Execution help = InProcessWhittle.execute("--help");
    String usage = help.out().replaceAll("\\s+", " ");

    assertEquals(ExitCodes.USAGE, run.exitCode(), run::toString);
    commands()
        .forEach(
            command -> {
              assertTrue(run.err().contains("whittle " + command), run::toString);
              assertTrue(usage.contains("whittle " + command + " --help"), help::toString);
            });
  }

  private static List<OptionSpec> options(String command) {
    return spec(command).options().stream()
        .filter(option -> !option.usageHelp() && !option.versionHelp() && !option.hidden())
        .toList();
  }

  private static OptionSpec option(String command, String name) {
    return Optional.ofNullable(spec(command).findOption(name)).orElseThrow();
  }

  private static CommandSpec spec(String command) {
    return WhittleCommand.newCommandLine().getSubcommands().get(command).getCommandSpec();
  }

  /** The option's description as --help prints it, variables filled in, on one line. */
  private static String help(OptionSpec option) {
    return String.join(" ", option.renderedDescription()).replaceAll("\\s+", " ");
  }

  private static boolean mentions(String text, String optionName) {
    return Pattern.compile(Pattern.quote(optionName) + "(?![\\w-])").matcher(text).find();
  }

  /**
   * The command's page, {@code docs/COMMAND.md}, whole; it opens with {@code # `whittle COMMAND`}.
   */
  private static String page(String command) throws IOException {
    Path path = DOCS.resolve(command + ".md");
    assertTrue(Files.isRegularFile(path), () -> "whittle " + command + " has no page " + path);
    String page = Files.readString(path, StandardCharsets.UTF_8);
    String heading = "# `whittle " + command + "`";
    assertTrue(
        page.startsWith(heading + "\n"),
        () -> pageName(command) + " does not open with " + heading);
    return page;
  }

  private static String pageName(String command) {
    return "docs/" + command + ".md";
  }

  /** The long option names {@code whittle COMMAND --help} prints, each on its own line. */
  private static List<String> optionsInHelp(String command) {
    Execution help = InProcessWhittle.execute(command, "--help");
    assertEquals(ExitCodes.OK, help.exitCode(), help::toString);
    List<String> names = new ArrayList<>();
    Matcher matcher = HELP_OPTION_LINE.matcher(help.out());
    while (matcher.find()) {
      // A negatable option's line reads --[no-]name.
      String name = matcher.group(1).replace("[no-]", "");
      if (!List.of("--help", "--version").contains(name)) {
        names.add(name);
      }
    }
    return names;
  }

  /**
   * The table row of the option on its command's page; a row that says "As for `OTHER`" stands for
   * OTHER's row of the same option, which must then accept the same values.
   */
  private static String pageRow(String command, String optionName) throws IOException {
    for (String line : page(command).lines().toList()) {
      if (!line.startsWith("| `")) {
        continue;
      }
      String firstCell = line.substring(1, line.indexOf('|', 1));
      if (!mentions(firstCell, optionName)) {
        continue;
      }
      Matcher asFor = Pattern.compile("As for `(\\w+)`").matcher(line);
      if (asFor.find()) {
        String other = asFor.group(1);
        assertEquals(
            candidates(option(other, optionName)),
            candidates(option(command, optionName)),
            () -> pageName(command) + " says " + optionName + " is as for " + other);
        return pageRow(other, optionName);
      }
      return line;
    }
    fail(pageName(command) + " has no table row for " + optionName + ", which --help lists");
    return "";
  }

  private static Optional<List<String>> candidates(OptionSpec option) {
    return Optional.ofNullable(option.completionCandidates())
        .map(values -> StreamSupport.stream(values.spliterator(), false).toList());
  }

  private static List<String> backtickedValues(String text) {
    List<String> values = new ArrayList<>();
    Matcher matcher = VALUE_WORD.matcher(text);
    while (matcher.find()) {
      values.add(matcher.group(1));
    }
    return values;
  }

  /** "the three" and the like, in a text that says how many passes {@code all} is. */
  private static List<String> countsOfAll(String text) {
    List<String> counts = new ArrayList<>();
    Matcher matcher =
        Pattern.compile("\\bthe (" + String.join("|", NUMBER_WORDS) + ")\\b")
            .matcher(text.toLowerCase(Locale.ROOT));
    while (matcher.find()) {
      counts.add(matcher.group(1));
    }
    return counts;
  }

  /** The numbers in the paragraphs of a section that speak of exit codes. */
  private static Set<Integer> numbersInExitCodeParagraphs(String section) {
    Set<Integer> numbers = new TreeSet<>();
    for (String paragraph : section.replace("\r", "").split("\n\\s*\n")) {
      paragraph = paragraph.replaceAll("\\s+", " ");
      if (!paragraph.toLowerCase(Locale.ROOT).contains("exit code")) {
        continue;
      }
      Matcher matcher = Pattern.compile("(?<![\\w.,-])(\\d+)(?![\\w.,-]\\w)").matcher(paragraph);
      while (matcher.find()) {
        numbers.add(Integer.valueOf(matcher.group(1)));
      }
    }
    return numbers;
  }

  private static Set<Integer> exitCodeConstants() {
    Set<Integer> codes = new TreeSet<>();
    for (Field field : ExitCodes.class.getDeclaredFields()) {
      if (Modifier.isStatic(field.getModifiers()) && field.getType() == int.class) {
        try {
          field.setAccessible(true);
          codes.add(field.getInt(null));
        } catch (IllegalAccessException e) {
          throw new AssertionError(e);
        }
      }
    }
    assertFalse(codes.isEmpty());
    return codes;
  }
}
