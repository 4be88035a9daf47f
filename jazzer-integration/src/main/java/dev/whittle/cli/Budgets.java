package dev.whittle.cli;

import dev.whittle.api.Budget;
import java.time.Duration;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/** A reduction's budget from a command's limit options, checked as picocli checks options. */
final class Budgets {
  private Budgets() {}

  /**
   * The budget of at most {@code maxRuns} runs and {@code deadline} of time, either of them null
   * for no limit.
   *
   * @param maxOption the option that gave {@code maxRuns}, for the message when it is below 1
   */
  static Budget of(CommandLine command, String maxOption, Long maxRuns, Duration deadline) {
    Budget budget = Budget.unlimited();
    if (maxRuns != null) {
      if (maxRuns < 1) {
        throw new ParameterException(command, maxOption + " must be at least 1, was " + maxRuns);
      }
      budget = budget.withMaxRuns(maxRuns);
    }
    if (deadline != null) {
      budget = budget.withDeadline(deadline);
    }
    return budget;
  }
}
