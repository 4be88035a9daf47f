package dev.whittle.cli;

import dev.whittle.jazzer.output.OutputBusyException;
import dev.whittle.jazzer.output.OutputLock;
import dev.whittle.jazzer.output.OutputWriteException;
import java.nio.file.Path;

/** The output package's locks and write failures, as the command line reports them. */
final class Outputs {
  private Outputs() {}

  /**
   * Takes {@code output} for this run.
   *
   * @throws CliException with the usage exit code if another run holds it, or the one for an
   *     unwritable output if the lock cannot be taken for another reason
   */
  static OutputLock lock(Path output) {
    try {
      return OutputLock.acquire(output);
    } catch (OutputBusyException e) {
      throw new CliException(ExitCodes.USAGE, e.getMessage());
    } catch (OutputWriteException e) {
      throw unwritable(e);
    }
  }

  /** The failure to report for an output that cannot be written; the message names the file. */
  static CliException unwritable(OutputWriteException e) {
    return new CliException(ExitCodes.OUTPUT_UNWRITABLE, e.getMessage(), e);
  }
}
