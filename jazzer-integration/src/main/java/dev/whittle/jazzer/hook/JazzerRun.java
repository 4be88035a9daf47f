package dev.whittle.jazzer.hook;

import java.lang.reflect.Field;
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
    String prefix = "";
    for (String argument : arguments) {
      if (argument.startsWith(ARTIFACT_PREFIX_FLAG)) {
        prefix = argument.substring(ARTIFACT_PREFIX_FLAG.length());
      }
    }
    return prefix;
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
   * before fuzzing starts. Empty when this JVM runs no fuzz target (Jazzer not started, or not this
   * version).
   */
  static Optional<Class<?>> fuzzTargetClass() {
    try {
      Class<?> holder =
          Class.forName(FUZZ_TARGET_HOLDER, false, ClassLoader.getSystemClassLoader());
      Field targetField = holder.getField("fuzzTarget");
      Object target = targetField.get(null);
      if (target == null) {
        return Optional.empty();
      }
      Object method = target.getClass().getField("method").get(target);
      return method instanceof Method m ? Optional.of(m.getDeclaringClass()) : Optional.empty();
    } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
      return Optional.empty();
    }
  }
}
