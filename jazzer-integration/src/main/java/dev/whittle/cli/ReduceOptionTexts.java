package dev.whittle.cli;

import java.util.ListResourceBundle;

/**
 * What the options of {@code whittle reduce} shared with other commands mean there, and the texts
 * made from the code they describe (the passes, the default tree passes), so that they cannot drift
 * from it.
 */
final class ReduceOptionTexts extends ListResourceBundle {
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
        DeadlineOption.KEY,
        "Stop this long after the start, keeping the best result so far; a test run under way"
            + " then is finished first. Default: no limit."
      },
    };
  }
}
