package dev.whittle.cli;

import dev.whittle.api.ReductionResult;
import dev.whittle.jazzer.output.OutputWriteException;
import dev.whittle.jazzer.output.PlotFile;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * {@code --plot FILE.svg}, shared by every command that reduces: the reduction's trajectory, size
 * against runs and against time ({@link TrajectoryPlot}), as a picture a browser opens. Written
 * atomically once the reduction has ended; each command says under the key {@value #KEY} of its
 * resource bundle what is drawn.
 */
final class PlotOption {
  static final String KEY = "plot";

  @Option(names = "--plot", paramLabel = "FILE.svg", descriptionKey = KEY)
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
