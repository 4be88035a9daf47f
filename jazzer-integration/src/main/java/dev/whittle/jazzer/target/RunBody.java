package dev.whittle.jazzer.target;

/** One run of a target on an input, executed on an {@link RunWorker}'s thread. */
@FunctionalInterface
interface RunBody {
  /**
   * Runs on {@code input} and returns what counts as thrown (null if nothing). It SHOULD catch what
   * the target throws; anything that escapes is taken as thrown all the same.
   */
  Throwable run(byte[] input);
}
