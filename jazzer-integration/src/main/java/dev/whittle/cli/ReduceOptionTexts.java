package dev.whittle.cli;

import java.util.ListResourceBundle;

/**
 * {@code reduce}'s resource bundle: what the options shared with other commands mean there, and the
 * texts of the pass options, which the catalogue of passes makes.
 */
final class ReduceOptionTexts extends ListResourceBundle {
  static final String NAME = "dev.whittle.cli.ReduceOptionTexts";

  public ReduceOptionTexts() {}

  @Override
  protected Object[][] getContents() {
    return new Object[][] {
      {ReducePassOptions.PASSES_KEY, ReducePassOptions.passesHelp()},
      {ReducePassOptions.ALGORITHM_KEY, ReducePassOptions.algorithmHelp()},
      {
        OutputOption.KEY,
        "Where the result goes. Default: INPUT" + InputAndOutputFiles.OUTPUT_SUFFIX + "."
      },
      {
        JsonOption.KEY,
        "Print one JSON object with the result's figures on standard output, the trajectory"
            + " (runs, milliseconds and size at each improvement) and the test runs per pass"
            + " (runsPerPass) among them."
      },
      {
        PlotOption.KEY,
        "Draw the reduction's trajectory, size against test runs and against time, as an SVG"
            + " picture in FILE.svg."
      },
      {
        TimeoutOption.KEY,
        "Longest one run of the test command may take; a run that takes longer is killed with"
            + " its child processes and counts as not interesting. "
            + TimeoutOption.SYNTAX
            + " Default: no limit."
      },
      {
        MaxRunsOption.KEY,
        "Stop after N runs of the test command asked by the search, the first check of INPUT"
            + " included, keeping the best result so far; the repeated checks of INPUT and of"
            + " the result come on top. Default: no limit."
      },
      {
        DeadlineOption.KEY,
        "Stop this long after the start, keeping the best result so far; a test run under way"
            + " then is finished first. Default: no limit."
      },
    };
  }
}
