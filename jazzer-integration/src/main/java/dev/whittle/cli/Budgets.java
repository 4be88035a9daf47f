package dev.whittle.cli;

import dev.whittle.api.Budget;
import java.time.Duration;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/** A reduction's budget from a command's limit options, checked as picocli checks options. */
final class Budgets {
  private Budgets() {}

  /**
   * The budget of at most {@code maxCalls} oracle calls and {@code deadline} of time, either of
   * them null for no limit.
   *
   * @param maxOption the option that gave {@code maxCalls}, for the message when it is below 1
   */
  static Budget of(CommandLine command, String maxOption, Long maxCalls, Duration deadline) {
    Budget budget = Budget.unlimited();
    if (maxCalls != null) {
      if (maxCalls < 1) {
        throw new ParameterException(command, maxOption + " must be at least 1, was " + maxCalls);
      }
      budget = budget.withMaxCalls(maxCalls);
    }
    if (deadline != null) {
      budget = budget.withDeadline(deadline);
    }
    return budget;
  }
}
