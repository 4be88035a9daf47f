package dev.whittle.cli;

/**
 * Exit statuses of the command line. Each failure a script may want to tell apart has its own
 * status; picocli already uses 2 for usage errors and 1 for unexpected failures.
 */
final class ExitCodes {
  /** The reduction ran and its result is on disk. */
  static final int OK = 0;

  /** An unexpected failure, for example an algorithm the engine does not implement yet. */
  static final int FAILURE = 1;

  /** Bad options or arguments. */
  static final int USAGE = 2;

  /**
   * The input file is missing, unreadable, no regular file, longer than a Java array holds, or not
   * text at the chosen granularity.
   */
  static final int INPUT_UNREADABLE = 3;

  /** The test command could not be started. */
  static final int TEST_NOT_STARTABLE = 4;

  /** The test command does not exit with status 0 on the original input. */
  static final int ORIGINAL_NOT_INTERESTING = 5;

  /** The result could not be written. */
  static final int OUTPUT_UNWRITABLE = 6;

  /** {@code minimize}: a crash file runs through the fuzz target without any finding. */
  static final int CRASH_NOT_REPRODUCED = 7;

  /** {@code minimize}: a crash file's finding does not come back on every run. */
  static final int FLAKY_FINDING = 8;

  /** {@code minimize}: the fuzz target class cannot be loaded or initialized. */
  static final int TARGET_NOT_LOADABLE = 9;

  /**
   * {@code minimize}: a result was written, but as {@code unverified-<sha1>}: it did not reproduce
   * the finding in every fresh JVM, nor did any larger improvement or the crash itself; or, where
   * it was verified in a fresh class loader, it did not reproduce there.
   */
  static final int NOT_VERIFIED = 10;

  /**
   * {@code minimize}, {@code corpus}: a run of the target threw a linkage error ({@code
   * NoClassDefFoundError}, {@code NoSuchMethodError}, ...): its class path is broken, a
   * configuration error and no finding; nothing is written.
   */
  static final int CLASS_PATH_BROKEN = 11;

  /**
   * Whittle's own heap ran out: in {@code reduce} the best result so far is written (when the check
   * of the original had finished); in {@code minimize} and {@code corpus} an input did not fit.
   */
  static final int OUT_OF_MEMORY = 12;

  /** Interrupted (Ctrl-C); 128 + SIGINT. */
  static final int INTERRUPTED = 130;

  private ExitCodes() {}
}
