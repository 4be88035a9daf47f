package dev.whittle.cli;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.collect.ImmutableList;
import java.util.List;

/**
 * The test command and the input file, taken from the two forms of {@code whittle reduce}:
 *
 * <ul>
 *   <li>{@code --test CMD [ARG...] [OPTIONS] INPUT}: picocli gives {@code --test} every word up to
 *       the next option of {@code reduce}; when no INPUT follows, its last word is INPUT.
 *   <li>{@code [OPTIONS] INPUT -- CMD [ARG...]}: after {@code --} nothing is read as an option, so
 *       the command may have arguments that look like options of {@code reduce}.
 * </ul>
 *
 * @param command the test command and its arguments, without the candidate file
 * @param input the input file as the user wrote it
 * @param inputIsLastTestWord whether INPUT is the last word after {@code --test}, for want of
 *     another: a forgotten INPUT then takes the test command's last argument as the file
 */
record TestInvocation(List<String> command, String input, boolean inputIsLastTestWord) {
  TestInvocation {
    command = ImmutableList.copyOf(command);
    checkArgument(!command.isEmpty(), "the test command must not be empty");
  }

  /**
   * Resolves the words picocli collected.
   *
   * @param testWords the words after {@code --test}, or empty if it was not given
   * @param positionals the positional words, those after {@code --} included
   * @throws IllegalArgumentException with a message for the user if the words do not fit a form
   */
  static TestInvocation resolve(List<String> testWords, List<String> positionals) {
    if (testWords.isEmpty()) {
      checkArgument(
          positionals.size() >= 2,
          "missing test command: give it as --test CMD [ARG...] or after INPUT as -- CMD [ARG...]");
      return new TestInvocation(
          positionals.subList(1, positionals.size()), positionals.get(0), false);
    }
    if (positionals.isEmpty()) {
      checkArgument(
          testWords.size() >= 2,
          "missing INPUT: the last word after --test is the input file, but --test has only '%s'",
          testWords.get(0));
      return new TestInvocation(
          testWords.subList(0, testWords.size() - 1), testWords.get(testWords.size() - 1), true);
    }
    checkArgument(
        positionals.size() == 1,
        "with --test, give one INPUT, not %s; to pass more arguments to the test command, put"
            + " them after --test",
        positionals);
    return new TestInvocation(testWords, positionals.get(0), false);
  }
}
