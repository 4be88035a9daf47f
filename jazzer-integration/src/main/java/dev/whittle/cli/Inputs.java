package dev.whittle.cli;

import dev.whittle.jazzer.input.UnreadableInputException;

/** The exit status for an input file Whittle would not or could not read. */
final class Inputs {
  private Inputs() {}

  /**
   * {@link ExitCodes#OUT_OF_MEMORY} when a larger heap would let Whittle read the file, {@link
   * ExitCodes#INPUT_UNREADABLE} for every other reason: those are the file's.
   */
  static int exitCode(UnreadableInputException e) {
    return e.heapTooSmall() ? ExitCodes.OUT_OF_MEMORY : ExitCodes.INPUT_UNREADABLE;
  }
}
