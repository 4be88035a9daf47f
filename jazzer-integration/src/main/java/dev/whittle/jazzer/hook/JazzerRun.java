package dev.whittle.jazzer.hook;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;

/**
 * What the hook learns about the Jazzer run whose JVM it is in. Everything here reads Jazzer 0.30.0
 * as it is; nothing is configured twice.
 */
final class JazzerRun {
  /** libFuzzer's flag; it reads flags with one dash only, and the last one wins. */
  static final String ARTIFACT_PREFIX_FLAG = "-artifact_prefix=";

  /** Jazzer's own flag (two dashes) for where it writes {@code Crash_<sha1>.java}. */
  static final String REPRODUCER_PATH_FLAG = "--reproducer_path=";

  /** libFuzzer's flags that make this process run its fuzzing in child processes. */
  private static final List<String> JOB_FLAGS = List.of("-fork=", "-jobs=");

  private static final String FUZZ_TARGET_HOLDER =
      "com.code_intelligence.jazzer.driver.FuzzTargetHolder";

  private JazzerRun() {}

  /**
   * libFuzzer's {@code -artifact_prefix} from {@code arguments}, the JVM's command line after the
   * {@code java} executable ({@link ProcessHandle.Info#arguments()}); {@code ""} (the working
   * directory) when there is none, as in libFuzzer. Jazzer hands every argument that starts with
   * one dash to libFuzzer unchanged ({@code Jazzer.main}, {@code Driver.start}).
   */
  static String artifactPrefix(List<String> arguments) {
    return lastValue(arguments, ARTIFACT_PREFIX_FLAG, "");
  }

  /**
   * Jazzer's {@code --reproducer_path} from {@code arguments}, the last one; {@code "."} (the
   * working directory), Jazzer's default, when there is none.
   */
  static String reproducerPath(List<String> arguments) {
    return lastValue(arguments, REPRODUCER_PATH_FLAG, ".");
  }

  /**
   * Whether {@code arguments} make this JVM libFuzzer's parent of {@code -fork=N} or {@code
   * -jobs=N} jobs (the last of each flag, N above 0): it fuzzes nothing itself, Jazzer relaunches
   * the JVM, agent and all, for each job without the flag, and each job writes its own crash files,
   * which the hook in that job minimizes.
   */
  static boolean runsFuzzingJobs(List<String> arguments) {
    for (String flag : JOB_FLAGS) {
      if (leadingNumber(lastValue(arguments, flag, "0")) > 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * The value of the last of {@code arguments} that starts with {@code flag}, else {@code none}.
   */
  private static String lastValue(List<String> arguments, String flag, String none) {
    String value = none;
    for (String argument : arguments) {
      if (argument.startsWith(flag)) {
        value = argument.substring(flag.length());
      }
    }
    return value;
  }

  /** The number {@code value} starts with, as libFuzzer's {@code atoi} reads a flag; 0 if none. */
  private static long leadingNumber(String value) {
    int end = 0;
    while (end < value.length()
        && end < 9
        && value.charAt(end) >= '0'
        && value.charAt(end) <= '9') {
      end++;
    }
    return end == 0 ? 0 : Long.parseLong(value.substring(0, end));
  }

  /**
   * This JVM's command-line arguments; empty where the platform does not tell (then the agent's
   * {@code artifact_prefix} option is needed for a prefix other than the working directory).
   */
  static List<String> jvmArguments() {
    return ProcessHandle.current().info().arguments().map(List::of).orElse(List.of());
  }

  /**
   * The class whose {@code fuzzerTestOneInput} Jazzer's driver is fuzzing, as it loaded it: the
   * declaring class of {@code FuzzTargetHolder.fuzzTarget.method}, which {@code Driver.start} sets
   * before fuzzing starts. Empty when this JVM runs no fuzz target (no Jazzer driver, or it has not
   * chosen a target).
   *
   * @throws UnreadableJazzerRunException when Jazzer's driver is there but the target cannot be
   *     read from it (another Jazzer version, a holder that fails to initialize): then the crash
   *     files are left for a reason the user must see, not for want of a target
   */
  static Optional<Class<?>> fuzzTargetClass() {
    return fuzzTargetClass(ClassLoader.getSystemClassLoader(), FUZZ_TARGET_HOLDER);
  }

  /**
   * {@link #fuzzTargetClass()} with the holder class named {@code holderName} in {@code loader}.
   */
  static Optional<Class<?>> fuzzTargetClass(ClassLoader loader, String holderName) {
    Object method;
    try {
      Class<?> holder;
      try {
        holder = Class.forName(holderName, false, loader);
      } catch (ClassNotFoundException e) {
        return Optional.empty(); // Not a JVM that Jazzer's driver runs in.
      }
      Object target = holder.getField("fuzzTarget").get(null);
      if (target == null) {
        return Optional.empty(); // The driver has not chosen a fuzz target.
      }
      method = target.getClass().getField("method").get(target);
    } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
      throw new UnreadableJazzerRunException(
          "cannot read the fuzz target from " + holderName + ".fuzzTarget.method: " + e, e);
    }
    if (method instanceof Method m) {
      return Optional.of(m.getDeclaringClass());
    }
    throw new UnreadableJazzerRunException(
        holderName + ".fuzzTarget.method is " + method + ", not the fuzz target's method", null);
  }

  /**
   * Jazzer's driver is in this JVM, but which fuzz target it runs cannot be read: the reason goes
   * to the user instead of a "no fuzz target".
   */
  static final class UnreadableJazzerRunException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UnreadableJazzerRunException(String message, Throwable cause) {
      super(message, cause);
    }
  }
}
