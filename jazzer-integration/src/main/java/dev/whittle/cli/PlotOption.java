package dev.whittle.cli;

import dev.whittle.api.ReductionResult;
import dev.whittle.jazzer.output.OutputWriteException;
import dev.whittle.jazzer.output.PlotFile;
import java.nio.file.Path;
import java.util.Optional;

/**
 * {@code --plot FILE.svg}, shared by every command that reduces: the reduction's trajectory, size
 * against runs and against time ({@link TrajectoryPlot}), as a picture a browser opens. Written
 * atomically once the reduction has ended; each command's model ({@link OptionSpecs#path}) says
 * what is drawn.
 */
final class PlotOption {
  Path plot;

  Optional<Path> value() {
    return Optional.ofNullable(plot);
  }

  /**
   * Draws {@code result}'s trajectory into the file given, if any.
   *
   * @throws CliException naming the file if it cannot be written
   */
  void draw(String title, ReductionResult<?> result) {
    if (plot == null) {
      return;
    }
    String svg =
        new TrajectoryPlot(title, result.trajectory(), result.runs(), result.elapsed()).render();
    try {
      PlotFile.write(plot, svg);
    } catch (OutputWriteException e) {
      throw Outputs.unwritable(e);
    }
  }
}
