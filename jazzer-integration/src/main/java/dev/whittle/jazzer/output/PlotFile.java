package dev.whittle.jazzer.output;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.whittle.engine.io.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.apiguardian.api.API;

/** A picture of a reduction's trajectory, written atomically once the reduction has ended. */
@API(status = INTERNAL, since = "0.1")
public final class PlotFile {
  private PlotFile() {}

  /**
   * Writes {@code svg} to {@code plot}.
   *
   * @throws OutputWriteException naming the file if it cannot be written
   */
  public static void write(Path plot, String svg) {
    checkNotNull(plot, "plot");
    try {
      AtomicFiles.write(plot, svg.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new OutputWriteException(plot, "cannot write the plot to " + plot + ": " + e, e);
    }
  }
}
